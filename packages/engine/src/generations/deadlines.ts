// Deadlines (docs/api.md#deadlines): a generation not finished by its request's `deadline` or
// `Cancel-After` is canceled, its hold released and its webhook sent, like a cancel by the caller.
import { ApiError, MAX_DEADLINE_SECONDS, MIN_DEADLINE_SECONDS } from "@vgen/contracts";

function outOfBounds(param: string): ApiError {
  return new ApiError(
    "invalid_parameter",
    `The deadline must be ${MIN_DEADLINE_SECONDS} s to ${MAX_DEADLINE_SECONDS / 3600} h after the request.`,
    param,
  );
}

/**
 * When a generation accepted `now` must be finished: the earlier of the body's `deadline` and the
 * `Cancel-After` header (seconds), or null without either. Out of bounds is the caller's error.
 */
export function deadlineFor(now: Date, deadline: string | undefined, cancelAfterSeconds: number | null): Date | null {
  const candidates: Date[] = [];
  if (deadline !== undefined) {
    const at = new Date(deadline);
    const seconds = (at.getTime() - now.getTime()) / 1000;
    if (seconds < MIN_DEADLINE_SECONDS || seconds > MAX_DEADLINE_SECONDS) throw outOfBounds("deadline");
    candidates.push(at);
  }
  if (cancelAfterSeconds !== null) {
    if (cancelAfterSeconds < MIN_DEADLINE_SECONDS || cancelAfterSeconds > MAX_DEADLINE_SECONDS) throw outOfBounds("Cancel-After");
    candidates.push(new Date(now.getTime() + cancelAfterSeconds * 1000));
  }
  return candidates.length ? new Date(Math.min(...candidates.map((d) => d.getTime()))) : null;
}
