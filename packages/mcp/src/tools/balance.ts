import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { Vgen } from "@vgen/sdk";
import { answer, jsonResult } from "../tool-result.js";

export function registerBalanceTool(server: McpServer, client: Vgen): void {
  server.registerTool(
    "get_balance",
    {
      title: "Get the balance",
      description:
        "The account's balance in US dollars: `available` (what a new generation's cost is checked against) and `held` (what running generations hold until they end).",
      annotations: { readOnlyHint: true },
    },
    ({ signal }) => answer(async () => jsonResult(await client.balance.retrieve({ signal }))),
  );
}
