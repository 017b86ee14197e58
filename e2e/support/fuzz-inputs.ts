import type { JsonSchema } from "./trpc-procedures";

/**
 * Inputs for the fuzzer, generated from an endpoint's JSON Schema (zod's own conversion, or the
 * OpenAPI document built from the same zod schemas): a plausible seed, then the seed with each
 * field replaced by each hostile value, then hostile whole inputs and raw bodies.
 */

const DEEP = 10_000;
const deepArrayText = "[".repeat(DEEP) + "]".repeat(DEEP);
const deepObjectText = `${'{"a":'.repeat(DEEP)}1${"}".repeat(DEEP)}`;

function nested(levels: number): unknown {
  let v: unknown = "x";
  for (let i = 0; i < levels; i++) v = [v];
  return v;
}

/** Values every field gets in turn: NUL, lone surrogates, unicode, huge, wrong types, edge numbers. */
export const HOSTILE_VALUES: unknown[] = [
  null,
  true,
  false,
  0,
  -1,
  1.5,
  1e308,
  -1e308,
  2 ** 63,
  -(2 ** 63),
  Number.MAX_SAFE_INTEGER + 2,
  "",
  " ",
  "\u0000",
  "a\u0000b",
  "\ud800",
  "\udfff tail",
  "x\ud83d",
  "😀🎬 emoji",
  "\u202eRTL override",
  "مرحبا بالعالم",
  "\u0301\u0301 combining",
  "\ufeffBOM",
  "%00",
  "%zz",
  "../../etc/passwd",
  "' OR 1=1 --",
  "<script>alert(1)</script>",
  "0000-01-01",
  "NaN",
  "1e309",
  "x".repeat(100_000),
  [],
  [null],
  ["\u0000"],
  {},
  { "\u0000": 1 },
  { __proto__: { polluted: true } },
  nested(200),
];

/** Numbers JSON cannot carry from JavaScript, written into the raw body text in place of a field's value. */
const RAW_NUMBER_TOKENS = ["-0", "1e309", "-1e309", "NaN", "Infinity", "9223372036854775808", "1e-400", "0x10", "01", "1.", ".5"];

/** Hand-written plausible values where a schema has no example: names as the app uses them. */
export type SeedTable = Record<string, unknown>;

function firstMatching(pattern: string, candidates: string[]): string | undefined {
  const re = new RegExp(pattern);
  return candidates.find((c) => re.test(c));
}

/** A plausible value for a schema: seeds by field name first, then example, default, enum, bounds. */
function seedValue(schema: JsonSchema | undefined, name: string, seeds: SeedTable): unknown {
  if (name in seeds) return seeds[name];
  if (!schema) return "fuzz";
  if (schema.example !== undefined) return schema.example;
  if (schema.examples?.length) return schema.examples[0];
  if (schema.default !== undefined) return schema.default;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  const options = schema.anyOf ?? schema.oneOf;
  if (options) return seedValue(options.find((o) => o.type !== "null") ?? options[0], name, seeds);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case "string": {
      if (schema.format === "email") return `fuzz-${Math.random().toString(36).slice(2, 8)}@example.test`;
      if (schema.pattern)
        return firstMatching(schema.pattern, ["2026-01", "2026-01-01", "5", "5.00", "720p", "whd_x", "gen-3.1-fast"]) ?? "fuzz";
      return "fuzz value".padEnd(schema.minLength ?? 1, "x").slice(0, schema.maxLength ?? 100);
    }
    case "integer":
    case "number":
      return schema.minimum ?? 1;
    case "boolean":
      return false;
    case "array":
      return [];
    case "object":
      return seedObject(schema, seeds);
    default:
      return "fuzz";
  }
}

/** The seed object: required fields, plus optional ones the seed table names. */
function seedObject(schema: JsonSchema, seeds: SeedTable): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const required = new Set(schema.required ?? []);
  for (const [name, prop] of Object.entries(schema.properties ?? {})) {
    if (required.has(name) || name in seeds) out[name] = seedValue(prop, name, seeds);
  }
  return out;
}

/** Each field of an object schema, one level down (array items as `name[0]`). */
function fieldsOf(schema: JsonSchema | null): string[] {
  return Object.entries(schema?.properties ?? {}).flatMap(([name, prop]) =>
    prop.type === "array" ? [name, `${name}[0]`] : [name],
  );
}

function withField(seed: Record<string, unknown>, field: string, value: unknown): Record<string, unknown> {
  const out = structuredClone(seed);
  const item = /^(.*)\[0\]$/.exec(field);
  if (item) out[item[1]!] = [value];
  else out[field] = value;
  return out;
}

/** One input case: a JSON value (serialized by the caller) or a raw body text. */
export type InputCase = { label: string; value: unknown } | { label: string; raw: string };

/** The valid input every case departs from: the schema's seed object, or `{}` for a schema that is not an object. */
export function seedInput(schema: JsonSchema | null, seeds: SeedTable): Record<string, unknown> {
  return schema?.type === "object" || schema?.properties ? seedObject(schema, seeds) : {};
}

/** Field-level cases for an object input: each field set to each hostile value, removed, or a raw number token. */
export function inputCases(schema: JsonSchema | null, seeds: SeedTable, wrap: (text: string) => string = (t) => t): InputCase[] {
  const seed = seedInput(schema, seeds);
  const cases: InputCase[] = [
    { label: "seed", value: seed },
    { label: "unknown key", value: { ...seed, zzUnknown: "\u0000" } },
  ];
  for (const field of fieldsOf(schema)) {
    for (const [i, value] of HOSTILE_VALUES.entries())
      cases.push({ label: `${field}=hostile#${i}`, value: withField(seed, field, value) });
    const { [field]: _removed, ...without } = seed;
    cases.push({ label: `${field} removed`, value: without });
    for (const token of RAW_NUMBER_TOKENS) {
      const marker = "__FUZZ_RAW__";
      const text = JSON.stringify(withField(seed, field, marker)).replace(`"${marker}"`, token);
      cases.push({ label: `${field}=${token}`, raw: wrap(text) });
    }
  }
  for (const [i, value] of HOSTILE_VALUES.entries()) cases.push({ label: `input=hostile#${i}`, value });
  return cases;
}

/** Raw bodies no client library would send. */
export const RAW_BODIES: Array<{ label: string; body: string | Uint8Array }> = [
  { label: "empty", body: "" },
  { label: "truncated", body: '{"a":' },
  { label: "trailing comma", body: '{"a":1,}' },
  { label: "single quotes", body: "{'a':1}" },
  { label: "NUL byte", body: "\u0000" },
  { label: "NaN", body: "NaN" },
  { label: "deep array", body: deepArrayText },
  { label: "deep object", body: deepObjectText },
  { label: "invalid UTF-8", body: new Uint8Array([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]) },
  { label: "overlong UTF-8 slash", body: new Uint8Array([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xc0, 0xaf, 0x22, 0x7d]) },
  { label: "UTF-8 encoded surrogate", body: new Uint8Array([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xed, 0xa0, 0x80, 0x22, 0x7d]) },
  { label: "escaped NUL key", body: '{"\\u0000":"\\u0000"}' },
  { label: "duplicate keys", body: '{"a":1,"a":"\\u0000"}' },
  { label: "70 KB", body: JSON.stringify({ prompt: "x".repeat(70 * 1024) }) },
  { label: "1 MB", body: JSON.stringify({ prompt: "y".repeat(1024 * 1024) }) },
];

/** Content types a body may arrive with. */
export const CONTENT_TYPES = [
  "application/json",
  "text/plain",
  "application/x-www-form-urlencoded",
  "multipart/form-data; boundary=x",
  "application/json; charset=utf-16",
  "",
];
