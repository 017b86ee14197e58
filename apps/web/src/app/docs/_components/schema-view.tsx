import { Inline } from "./markdown";

/** The subset of JSON Schema (OpenAPI 3.1) the generated document uses. */
export interface Schema {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: Schema[];
  oneOf?: Schema[];
  description?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  maxItems?: number;
  additionalProperties?: boolean | Schema;
  example?: unknown;
}

export type Schemas = Record<string, Schema>;

/**
 * A reference table's classes: three columns from 640 px up, and below that each row's cells stacked
 * (a 390 px phone has no room for name, type and description side by side).
 */
export const STACKED = {
  table: "block w-full text-left sm:table",
  head: "hidden sm:table-header-group",
  body: "block divide-y divide-slate-100 sm:table-row-group",
  row: "block py-2 align-top sm:table-row sm:py-0",
  cell: "block sm:table-cell sm:py-2",
};

export function refName(ref: string): string {
  return ref.split("/").pop()!;
}

export function typeLabel(s: Schema, schemas: Schemas): React.ReactNode {
  if (s.$ref) {
    const name = refName(s.$ref);
    return (
      <a href={`#schema-${name}`} className="text-blue-700 underline underline-offset-2 hover:text-blue-900">
        {name}
      </a>
    );
  }
  if (s.anyOf || s.oneOf) {
    const parts = (s.anyOf ?? s.oneOf)!;
    return parts.map((p, i) => (
      // biome-ignore lint/suspicious/noArrayIndexKey: members of a static schema's union, never reordered
      <span key={i}>
        {i > 0 && " | "}
        {typeLabel(p, schemas)}
      </span>
    ));
  }
  if (s.const !== undefined) return JSON.stringify(s.const);
  const types = Array.isArray(s.type) ? s.type : s.type ? [s.type] : [];
  if (types.includes("array") && s.items) return <>array of {typeLabel(s.items, schemas)}</>;
  return types.join(" | ") || "any";
}

function constraints(s: Schema): string[] {
  const c: string[] = [];
  if (s.enum) c.push(`one of ${s.enum.map((v) => JSON.stringify(v)).join(", ")}`);
  if (s.minimum !== undefined || s.maximum !== undefined) c.push(`${s.minimum ?? "…"} to ${s.maximum ?? "…"}`);
  if (s.minLength !== undefined) c.push(`min length ${s.minLength}`);
  if (s.maxLength !== undefined) c.push(`max length ${s.maxLength}`);
  if (s.maxItems !== undefined) c.push(`at most ${s.maxItems} items`);
  if (s.format) c.push(`format ${s.format}`);
  return c;
}

/** A schema by reference, as the one it names. */
function resolve(s: Schema, schemas: Schemas): Schema {
  return s.$ref ? (schemas[refName(s.$ref)] ?? s) : s;
}

function Rows({ schema, schemas, depth, prefix }: { schema: Schema; schemas: Schemas; depth: number; prefix: string }) {
  const props = Object.entries(schema.properties ?? {});
  return (
    <>
      {props.map(([name, raw]) => {
        const nested = !raw.$ref && raw.type === "object" ? raw : null;
        const c = constraints(raw);
        return (
          <FragmentRow key={prefix + name}>
            <tr className={STACKED.row}>
              <td className={`${STACKED.cell} sm:pr-4`} style={{ paddingLeft: depth * 16 }}>
                <code className="font-mono text-[13px] font-semibold text-slate-900 [overflow-wrap:anywhere]">
                  {prefix}
                  {name}
                </code>
                {schema.required?.includes(name) ? (
                  <span className="ml-2 text-[11px] font-medium uppercase text-rose-600">required</span>
                ) : null}
              </td>
              <td className={`${STACKED.cell} font-mono text-xs text-slate-600 sm:pr-4`}>{typeLabel(raw, schemas)}</td>
              <td className={`${STACKED.cell} text-sm text-slate-700`}>
                {raw.description && <Inline text={raw.description} />}
                {c.length > 0 && <div className="mt-0.5 text-xs text-slate-500">{c.join(" · ")}</div>}
              </td>
            </tr>
            {nested && depth < 3 && <Rows schema={nested} schemas={schemas} depth={depth + 1} prefix={`${prefix}${name}.`} />}
          </FragmentRow>
        );
      })}
    </>
  );
}

function FragmentRow({ children }: { children: React.ReactNode }) {
  return <>{children}</>;
}

/** A property table of an object schema (nested objects indented). */
export function SchemaTable({ schema, schemas }: { schema: Schema; schemas: Schemas }) {
  const s = resolve(schema, schemas);
  if (!s.properties) {
    return <p className="text-sm text-slate-600">Type: {typeLabel(schema, schemas)}</p>;
  }
  return (
    <div>
      <table className={STACKED.table}>
        <thead className={STACKED.head}>
          <tr className="border-b border-slate-200 text-xs uppercase tracking-wide text-slate-500">
            <th className="py-2 pr-4 font-medium">Field</th>
            <th className="py-2 pr-4 font-medium">Type</th>
            <th className="py-2 font-medium">Description</th>
          </tr>
        </thead>
        <tbody className={STACKED.body}>
          <Rows schema={s} schemas={schemas} depth={0} prefix="" />
        </tbody>
      </table>
      {s.additionalProperties === false && (
        <p className="mt-2 text-xs text-slate-500">
          Unknown fields are refused (<code className="font-mono">unknown_parameter</code>).
        </p>
      )}
    </div>
  );
}
