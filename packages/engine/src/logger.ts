import pino from "pino";

/** Structured JSON logs; every request and job logs with its id. */
export const logger = pino({ level: process.env.LOG_LEVEL ?? "info", base: { service: "vgen" } });
