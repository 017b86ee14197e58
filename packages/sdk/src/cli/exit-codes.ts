import { AuthenticationError, InvalidRequestError, VgenError } from "../errors.js";
import type { GenerationStatus } from "../types.js";

/**
 * The exit codes of `vgen` and of the Python client's `python -m vgen` (one table, README "Exit
 * codes"; test/cli-exit-codes.test.ts runs both). 1 stays the runtime's own: an unexpected crash.
 */
export const EXIT = {
  completed: 0,
  usage: 2,
  auth: 3,
  api: 4,
  failed: 5,
  canceled: 6,
  interrupted: 130,
} as const;

export const EXIT_MEANING: Record<keyof typeof EXIT, string> = {
  completed: "done: the generation completed (and was saved), or the command answered",
  usage: "usage error: bad arguments, or the API refused the request as invalid (400)",
  auth: "authentication error: missing, wrong or revoked key",
  api: "any other API or network error (balance, not found, not cancelable, rate limit, 5xx, unreachable)",
  failed: "the generation failed",
  canceled: "the generation was canceled",
  interrupted: "interrupted (Ctrl+C); the generation goes on",
};

export class UsageError extends Error {}

export function exitCodeForStatus(status: GenerationStatus): number {
  if (status === "failed") return EXIT.failed;
  if (status === "canceled") return EXIT.canceled;
  return EXIT.completed;
}

/** Usage mistakes (ours or the API's 400s) → 2, a missing or bad key → 3, every other API or network error → 4. */
export function exitCodeForError(err: unknown): number | null {
  if (err instanceof UsageError || err instanceof InvalidRequestError) return EXIT.usage;
  if (err instanceof AuthenticationError) return EXIT.auth;
  if (err instanceof VgenError) return EXIT.api;
  return null;
}
