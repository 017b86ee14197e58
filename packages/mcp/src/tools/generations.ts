import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import type { CreateGenerationParams, Generation, Vgen } from "@vgen/sdk";
import { z } from "zod";
import { progressReporter } from "../progress.js";
import { answer, jsonResult } from "../tool-result.js";

const GENERATION_ID = z.string().describe("The generation's id (vid_…).");

/** One line an agent can act on without reading the JSON, then the record itself. */
function recordResult(record: Generation): CallToolResult {
  const result = jsonResult(record);
  const head =
    record.status === "completed"
      ? `${record.id} completed: ${record.output[0]?.url}`
      : record.status === "failed"
        ? `${record.id} failed (${record.error?.code}): ${record.error?.message}`
        : record.status === "canceled"
          ? `${record.id} canceled`
          : `${record.id} processing, ${record.progress}%, about ${record.eta_seconds}s left`;
  return { ...result, content: [{ type: "text", text: head }, ...result.content] };
}

export function registerGenerationTools(server: McpServer, client: Vgen): void {
  server.registerTool(
    "generate",
    {
      title: "Generate a video",
      description:
        "Creates a video from a prompt (optionally image references) and, by default, waits until it ends, reporting progress; answers the record, whose output[].url are the MP4s (one per clip asked for with n). Costs what `quote` says, charged on completion. With wait=false it answers at once with the processing record (follow it with get_generation).",
      inputSchema: {
        model: z.string().describe("Model id, from list_models."),
        prompt: z.string().describe("What the clip shows (1-4000 characters)."),
        duration: z.number().int().optional().describe("Seconds of video; the model's default when omitted."),
        size: z.string().optional().describe("720p, 1080p or 4k; the model's default when omitted."),
        aspectRatio: z.string().optional().describe("16:9 (default) or 9:16."),
        firstFrameUrl: z.string().optional().describe("Public URL of an image to start from."),
        lastFrameUrl: z.string().optional().describe("Public URL of an image to end on (needs firstFrameUrl)."),
        urls: z.array(z.string()).optional().describe("Up to 3 public URLs of reference images (not with frames)."),
        seed: z.number().int().optional().describe("0-4294967295; the record returns the seed used (random when omitted)."),
        negativePrompt: z.string().optional().describe("What the clip should not show."),
        generateAudio: z
          .boolean()
          .optional()
          .describe("Add a sound track (models whose audio.supported is true); the model's default when omitted."),
        extendFrom: z
          .string()
          .optional()
          .describe(
            "Continue this completed generation (vid_…): the clip starts where it ends, with its size, shape and seed; billed only the new seconds. Not with image URLs. Join the chain with concat_generations.",
          ),
        n: z
          .number()
          .int()
          .optional()
          .describe("How many clips of this request (1-4, at most the model's max_outputs); each is billed. Default 1."),
        wait: z.boolean().optional().describe("Wait for the end (default true)."),
      },
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false },
    },
    ({ wait = true, ...fields }, extra) =>
      answer(async () => {
        // Loosely typed on purpose: the API validates the request and its refusals carry the catalog's codes.
        const params = fields as CreateGenerationParams;
        if (!wait) return recordResult(await client.generations.create(params, { signal: extra.signal }));
        const report = progressReporter(extra);
        // Notifications go out in order; one that cannot be sent must not fail the generation.
        let sent = Promise.resolve();
        const notify = (record: Generation) => {
          sent = sent.then(() => report(record)).catch(() => {});
        };
        const record = await client.generations.createAndWait(params, { signal: extra.signal, onProgress: notify });
        await sent;
        // The answer itself reports the end: a notification sent just before it can reach the
        // client after the request is settled (the MCP SDK's client then drops it as unknown).
        return recordResult(record);
      }),
  );

  server.registerTool(
    "get_generation",
    {
      title: "Get a generation",
      description: "A generation's record as it is now: status, progress, ETA, cost, and output[0].url once completed.",
      inputSchema: { id: GENERATION_ID },
      annotations: { readOnlyHint: true },
    },
    ({ id }, { signal }) => answer(async () => recordResult(await client.generations.get(id, { signal }))),
  );

  server.registerTool(
    "list_generations",
    {
      title: "List generations",
      description:
        "One page of the account's generations, newest first. Pass next_cursor back as cursor for the next page while has_more is true.",
      inputSchema: {
        limit: z.number().int().optional().describe("Page size, 1-100 (default 20)."),
        cursor: z.string().optional().describe("next_cursor of the previous page."),
      },
      annotations: { readOnlyHint: true },
    },
    (params, { signal }) => answer(async () => jsonResult(await client.generations.listPage(params, { signal }))),
  );

  server.registerTool(
    "cancel_generation",
    {
      title: "Cancel a generation",
      description: "Cancels a generation that has not finished; its hold is released and nothing is charged.",
      inputSchema: { id: GENERATION_ID },
      annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true },
    },
    ({ id }, { signal }) => answer(async () => recordResult(await client.generations.cancel(id, { signal }))),
  );

  server.registerTool(
    "concat_generations",
    {
      title: "Join an extension chain",
      description:
        "Joins the chain of extensions ending at id (its last clip, made with extendFrom) into one MP4; answers the completed record of the join (output[0].url, concat_of listing the clips). Free: each clip was billed its own seconds.",
      inputSchema: { id: GENERATION_ID },
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false },
    },
    ({ id }, { signal }) => answer(async () => recordResult(await client.generations.concat(id, { signal }))),
  );
}
