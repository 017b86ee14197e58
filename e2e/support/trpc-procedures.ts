import { z } from "zod";
import { appRouter } from "../../apps/web/src/server/routers/_app";

export interface ProcedureInfo {
  /** `ledger.list` */
  path: string;
  type: "query" | "mutation";
  /** The input's JSON Schema (zod's own conversion), or null for a procedure without input. */
  schema: JsonSchema | null;
}

export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  examples?: unknown[];
  example?: unknown;
  pattern?: string;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  $ref?: string;
};

interface ProcedureDef {
  _def: { type: "query" | "mutation" | "subscription"; inputs: z.ZodType[] };
}

/** Every procedure of the app's router, read from the router itself: a new one is picked up without a list to update. */
export function listProcedures(): ProcedureInfo[] {
  const procedures = (appRouter as unknown as { _def: { procedures: Record<string, ProcedureDef> } })._def.procedures;
  return Object.entries(procedures)
    .map(([path, proc]) => {
      if (proc._def.type === "subscription")
        throw new Error(`${path}: subscriptions are not covered by the reliability suite yet`);
      const input = proc._def.inputs[0];
      const schema = input ? (z.toJSONSchema(input, { io: "input", unrepresentable: "any" }) as JsonSchema) : null;
      return { path, type: proc._def.type as "query" | "mutation", schema };
    })
    .sort((a, b) => a.path.localeCompare(b.path));
}
