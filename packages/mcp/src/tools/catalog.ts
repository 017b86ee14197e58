import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { Vgen } from "@vgen/sdk";
import { z } from "zod";
import { quote } from "../quote.js";
import { answer, jsonResult } from "../tool-result.js";

export function registerCatalogTools(server: McpServer, client: Vgen, baseUrl: string): void {
  server.registerTool(
    "list_models",
    {
      title: "List models",
      description:
        "The video models this API key may use, each with its price per second of video, minimum billed seconds (min_charge_seconds), sizes, aspect ratios and duration bounds.",
      annotations: { readOnlyHint: true },
    },
    ({ signal }) => answer(async () => jsonResult(await client.models.list({ signal }))),
  );

  server.registerTool(
    "quote",
    {
      title: "Quote a generation",
      description:
        "What a generation would cost: the amount the API holds at acceptance, max(duration, the model's minimum charge) × its price per second × n (the clips asked for), charged on completion and released on failure or cancel. Nothing is created.",
      inputSchema: {
        model: z.string().describe("Model id, from list_models."),
        duration: z.number().int().optional().describe("Seconds of video; the model's default when omitted."),
        size: z.string().optional().describe("720p, 1080p or 4k; the model's default when omitted."),
        n: z
          .number()
          .int()
          .optional()
          .describe("Clips of the request (1 to the model's max_outputs, default 1); each is billed."),
      },
      annotations: { readOnlyHint: true },
    },
    (args, { signal }) =>
      answer(async () => {
        const { data } = await client.models.list({ signal });
        return jsonResult(quote(data, args, baseUrl));
      }),
  );
}
