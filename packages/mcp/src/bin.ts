#!/usr/bin/env node
// vgen-mcp: the MCP server on stdio, for an agent to start as a subprocess. Configured by the
// environment like the SDK: VGEN_API_KEY (required) and VGEN_BASE_URL. stdout carries the protocol,
// so anything for people goes to stderr.
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { Vgen, VgenError } from "@vgen/sdk";
import { createVgenMcpServer } from "./server.js";

// The SDK's own default, named here too for the quote's error links.
const baseUrl = process.env.VGEN_BASE_URL || "http://localhost:3000";

let client: Vgen;
try {
  client = new Vgen({ apiKey: process.env.VGEN_API_KEY, baseUrl });
} catch (err) {
  if (!(err instanceof VgenError)) throw err;
  process.stderr.write(`vgen-mcp: ${err.message}\n`);
  process.exit(1);
}

await createVgenMcpServer(client, baseUrl).connect(new StdioServerTransport());
