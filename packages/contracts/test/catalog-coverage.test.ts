import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { ERROR_CATALOG, type ErrorCode } from "../src/errors";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");

/** Codes no test can provoke on purpose, and why. */
const INTERNAL: Partial<Record<ErrorCode, string>> = {
  internal_error: "only for unexpected server faults; the wrapper turns any unknown exception into it",
};

function testSources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (name === "node_modules") return [];
    if (statSync(full).isDirectory()) return testSources(full);
    return /\.(test|spec)\.ts$/.test(name) ? [readFileSync(full, "utf8")] : [];
  });
}

describe("the error catalog", () => {
  const sources = [...testSources(path.join(root, "e2e")), ...testSources(path.join(root, "packages"))].join("\n");

  it("every code is asserted by some test, or documented here as internal", () => {
    const untested = (Object.keys(ERROR_CATALOG) as ErrorCode[]).filter(
      (code) => !INTERNAL[code] && !new RegExp(`["'\`]${code}["'\`]`).test(sources),
    );
    expect(untested).toEqual([]);
  });

  it("each code has one HTTP status, a meaning and a fix", () => {
    for (const [code, d] of Object.entries(ERROR_CATALOG)) {
      expect(d.meaning.length, code).toBeGreaterThan(10);
      expect(d.fix.length, code).toBeGreaterThan(5);
      expect(d.status === null || (d.status >= 400 && d.status < 600), code).toBe(true);
    }
  });
});
