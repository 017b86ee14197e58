// What a tool answers: the API's JSON as text (and as structured content), or a tool error that
// carries the error catalog's code and message, so an agent can read what went wrong and fix it.
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { VgenError } from "@vgen/sdk";

export function jsonResult(value: object): CallToolResult {
  return { content: [{ type: "text", text: JSON.stringify(value, null, 2) }], structuredContent: { ...value } };
}

/** The error envelope's fields (docs/api.md#errors), as far as the error has them. */
interface ToolErrorFields {
  code: string | null;
  message: string;
  param?: string | null;
  doc_url?: string | null;
  request_id?: string | null;
  status?: number | null;
}

function errorResult(error: ToolErrorFields): CallToolResult {
  const lines = [`${error.code ?? "error"}: ${error.message}`];
  if (error.param) lines.push(`param: ${error.param}`);
  if (error.doc_url) lines.push(`see ${error.doc_url}`);
  if (error.request_id) lines.push(`request ${error.request_id}`);
  return { isError: true, content: [{ type: "text", text: lines.join("\n") }], structuredContent: { error } };
}

/** Runs a tool's work; an API error (or a local check's) becomes a tool error instead of a protocol failure. */
export async function answer(work: () => Promise<CallToolResult>): Promise<CallToolResult> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof VgenError) {
      return errorResult({
        code: err.code ?? null,
        message: err.message,
        param: err.param,
        doc_url: err.doc_url,
        request_id: err.request_id,
        status: err.status ?? null,
      });
    }
    throw err;
  }
}
