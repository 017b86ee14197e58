/** Public surface of the engine's storage domain. Where output files live (local directory or S3) and how they are read back. */
export { openOutput } from "./backend";
export { outputCacheControl } from "./types";
