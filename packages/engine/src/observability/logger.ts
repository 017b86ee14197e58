import pino from "pino";
import { env } from "@vgen/config";

/**
 * Structured JSON logs; every request and job logs with its id. Writes are buffered and
 * asynchronous (a synchronous stdout write per request cost the API a measurable share of its
 * CPU); pino flushes the buffer when the process exits.
 */
export const logger = pino(
  { level: env().LOG_LEVEL, base: { service: "vgen" } },
  pino.destination({ dest: 1, sync: false, minLength: 4096 }),
);
