import pino from "pino";

/**
 * Structured JSON logs; every request and job logs with its id. Writes are buffered and
 * asynchronous (a synchronous stdout write per request cost the API a measurable share of its
 * CPU); pino flushes the buffer when the process exits.
 */
export const logger = pino(
  { level: process.env.LOG_LEVEL ?? "info", base: { service: "vgen" } },
  pino.destination({ dest: 1, sync: false, minLength: 4096 }),
);
