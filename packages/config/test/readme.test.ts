import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { envSchema, upstreamSchema } from "../src";
import { DEFAULT_WEBHOOK_RETRY_SCHEDULE } from "../src/retry-schedule";

const UPSTREAM = "UPSTREAM_<NAME>_";

/** The rows of the README's configuration table: the variables each row names and its Default cell. */
function readmeRows(): { names: string[]; defaults: string }[] {
  const readme = readFileSync(new URL("../../../README.md", import.meta.url), "utf8");
  const section = /^## Configuration\n([\s\S]*?)(?=^## )/m.exec(readme)?.[1] ?? "";
  return section
    .split("\n")
    .filter((line) => line.startsWith("| `"))
    .map((line) => {
      const [, names = "", defaults = ""] = line.split("|");
      return { names: [...names.matchAll(/`([^`]+)`/g)].map((m) => m[1]!), defaults: defaults.trim() };
    });
}

/** The Default cell's part for the index-th name of its row: "`3000`, `0.0.0.0`" holds one per name. */
function defaultFor(row: { names: string[]; defaults: string }, index: number): string {
  const parts = row.defaults.split(/,\s+(?=`|unset)/);
  return parts.length === row.names.length ? parts[index]! : row.defaults;
}

/** Defaults the schema states as a value (not derived, not "unset"), as the README writes them. */
function statedDefaults(): Map<string, string> {
  const stated = new Map<string, string>();
  const add = (prefix: string, parsed: Record<string, unknown>) => {
    for (const [key, value] of Object.entries(parsed)) {
      if (typeof value === "number" || (typeof value === "string" && value !== "")) stated.set(prefix + key, String(value));
    }
  };
  add("", envSchema.parse({}));
  stated.set("WEBHOOK_RETRY_SCHEDULE", DEFAULT_WEBHOOK_RETRY_SCHEDULE);
  const { URL: _, ...upstreamDefaults } = upstreamSchema.parse({ URL: "https://upstream.example" });
  add(UPSTREAM, upstreamDefaults);
  return stated;
}

describe("README configuration table", () => {
  const rows = readmeRows();
  const documented = rows.flatMap((row) => row.names);
  const schema = [...Object.keys(envSchema.shape), ...Object.keys(upstreamSchema.shape).map((key) => UPSTREAM + key)];

  it("lists exactly the variables of the configuration schema", () => {
    expect(documented.length).toBeGreaterThan(0);
    expect(
      documented.filter((name) => !schema.includes(name)),
      "in the README, not in the schema",
    ).toEqual([]);
    expect(
      schema.filter((name) => !documented.includes(name)),
      "in the schema, not in the README",
    ).toEqual([]);
    expect(new Set(documented).size, "a variable listed twice").toBe(documented.length);
  });

  it("states the schema's defaults", () => {
    const stated = statedDefaults();
    for (const row of rows) {
      row.names.forEach((name, index) => {
        const value = stated.get(name);
        if (value !== undefined) expect(defaultFor(row, index), name).toContain(`\`${value}\``);
      });
    }
  });
});
