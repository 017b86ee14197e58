import { ApiError } from "@vgen/contracts";
import { env } from "@vgen/config";
import { openStreamCount } from "./sse";

const MAX_PER_ACCOUNT = env().MAX_OPEN_STREAMS_PER_ACCOUNT;

/**
 * Refuses a new event stream to an account that already holds its share of this process's streams
 * (each holds a socket and a feed watch), so one account cannot take them from the others.
 */
export function assertStreamSlot(accountId: string): void {
  if (openStreamCount(accountId) < MAX_PER_ACCOUNT) return;
  throw new ApiError(
    "too_many_open_streams",
    `This account already has ${MAX_PER_ACCOUNT} event streams open on this server. Close one, or poll or use a webhook instead.`,
    null,
    { "retry-after": "1" },
  );
}
