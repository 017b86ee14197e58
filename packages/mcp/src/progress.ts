import type { RequestHandlerExtra } from "@modelcontextprotocol/sdk/shared/protocol.js";
import type { ServerNotification, ServerRequest } from "@modelcontextprotocol/sdk/types.js";
import type { Generation } from "@vgen/sdk";

type Extra = RequestHandlerExtra<ServerRequest, ServerNotification>;

/**
 * Reports a generation's progress as MCP progress notifications, when the client asked for them
 * with a progressToken. MCP requires each notification's progress to increase, so a record whose
 * percentage did not rise (the stream's periodic ETA refreshes) sends nothing.
 */
export function progressReporter(extra: Extra): (record: Generation) => Promise<void> {
  const token = extra._meta?.progressToken;
  let last = -1;
  return async (record) => {
    if (token === undefined || record.progress <= last) return;
    last = record.progress;
    const eta = record.status === "processing" ? `, about ${record.eta_seconds}s left` : "";
    await extra.sendNotification({
      method: "notifications/progress",
      params: { progressToken: token, progress: record.progress, total: 100, message: `${record.id} ${record.status}${eta}` },
    });
  };
}
