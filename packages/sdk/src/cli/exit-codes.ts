import { AuthenticationError, InvalidRequestError, VgenError } from "../errors.js";
import type { GenerationStatus } from "../types.js";

/** The `vgen` command's exit codes (README: "Exit codes"). 1 stays Node's own: an unexpected crash. */
export const EXIT = {
  completed: 0,
  usage: 2,
  auth: 3,
  api: 4,
  failed: 5,
  canceled: 6,
  interrupted: 130,
} as const;

export class UsageError extends Error {}

export function exitCodeForStatus(status: GenerationStatus): number {
  if (status === "failed") return EXIT.failed;
  if (status === "canceled") return EXIT.canceled;
  return EXIT.completed;
}

/** Usage mistakes (ours or the API's 400s) → 2, a bad key → 3, every other API or network error → 4. */
export function exitCodeForError(err: unknown): number | null {
  if (err instanceof UsageError || err instanceof InvalidRequestError) return EXIT.usage;
  if (err instanceof AuthenticationError) return EXIT.auth;
  if (err instanceof VgenError) return EXIT.api;
  return null;
}
