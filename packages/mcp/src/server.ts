import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { Vgen } from "@vgen/sdk";
import { registerBalanceTool } from "./tools/balance.js";
import { registerCatalogTools } from "./tools/catalog.js";
import { registerGenerationTools } from "./tools/generations.js";

const VERSION = "0.1.0";

/** The MCP server's tools over one API client; `baseUrl` links the quote's own refusals to the error catalog. */
export function createVgenMcpServer(client: Vgen, baseUrl: string): McpServer {
  const server = new McpServer({ name: "vgen", version: VERSION });
  registerCatalogTools(server, client, baseUrl);
  registerGenerationTools(server, client);
  registerBalanceTool(server, client);
  return server;
}
