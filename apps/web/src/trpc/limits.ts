/**
 * Calls one HTTP request may batch. The server refuses a larger batch with a 400 in the tRPC error
 * envelope before running any of it; the client splits its batches at the same size.
 */
export const MAX_BATCH_CALLS = 20;
