import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Tables are one component (components/ui/data-table.tsx): typed columns, a name for screen readers, the
 * columns that matter kept on a phone and a focusable scroll region. This fails on a page or component that
 * writes its own `<table>` instead.
 */
const src = path.resolve(import.meta.dirname, "../src");

const ALLOWED: Record<string, string> = {
  "components/ui/data-table.tsx": "the one table",
  // The API reference's parameter and field tables turn into stacked definition cards below 640 px (a
  // layout of its own, not a list of rows with columns to drop), and the reference is public-page prose
  // rather than a listing.
  "app/docs/page.tsx": "the API reference's stacked parameter tables",
  "app/docs/_components/schema-view.tsx": "the API reference's stacked field tables",
};

const RAW_TABLE = /<table[\s>]/;

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const abs = path.join(dir, name);
    return statSync(abs).isDirectory() ? files(abs) : /\.tsx$/.test(name) ? [abs] : [];
  });
}

describe("one table component", () => {
  it("recognises a raw table and not the component", () => {
    expect(RAW_TABLE.test('<table className="w-full">')).toBe(true);
    expect(RAW_TABLE.test("      <table>")).toBe(true);
    expect(RAW_TABLE.test("<DataTable label={t('caption')} />")).toBe(false);
    expect(RAW_TABLE.test("<tableau>")).toBe(false);
  });

  it("no file outside components/ui renders a raw <table>", () => {
    const all = files(src);
    expect(all.length).toBeGreaterThan(50);
    const offenders = all
      .map((f) => path.relative(src, f).split(path.sep).join("/"))
      .filter((rel) => !(rel in ALLOWED))
      .filter((rel) => RAW_TABLE.test(readFileSync(path.join(src, rel), "utf8")));
    expect(offenders).toEqual([]);
  });

  it("every allowed file still exists (an exception is not kept for a file that moved)", () => {
    for (const rel of Object.keys(ALLOWED)) expect(statSync(path.join(src, rel)).isFile()).toBe(true);
  });
});
