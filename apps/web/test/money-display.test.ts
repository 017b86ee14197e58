import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Amounts people read have 2 decimals (formatAmount); 3 decimals belong to the per-second price and to the
 * API's own fields. This scans what people read — the dashboard and console, their messages, the PDFs,
 * the emails and the ops CLI — for a 3-decimal amount or the API's formatter.
 */
const repo = path.resolve(import.meta.dirname, "../../..");

const SCANNED = [
  "apps/web/src",
  "apps/web/messages",
  "packages/engine/src/billing/pdf.ts",
  "packages/engine/src/mail/templates",
  "packages/ops/src",
];

/** Where the API's forms are the point: the REST handlers, and the per-second price for people. */
const ALLOWED = ["apps/web/src/server/api/", "apps/web/src/app/api/", "apps/web/src/i18n/format.ts"];

const RULES: { name: string; re: RegExp }[] = [
  // "$25.000" or "$1,250.000" but not a per-second price ("$0.480 / s", "$0.480 / сек", "$0.480 per second").
  { name: "3-decimal amount", re: /\$\d[\d,]*\.\d{3}(?!\d)(?!\s*(?:\/\s*(?:s|сек)(?!\p{L})|per second))/u },
  { name: "toFixed(3)", re: /\btoFixed\(\s*3\s*\)/ },
  { name: "the API's formatter (formatUsd)", re: /\bformatUsd\b/ },
];

/** "file:line: rule" for each line of `text` that shows money the API's way. */
function findings(file: string, text: string): string[] {
  const out: string[] = [];
  text.split("\n").forEach((line, i) => {
    for (const rule of RULES) if (rule.re.test(line)) out.push(`${file}:${i + 1}: ${rule.name}: ${line.trim()}`);
  });
  return out;
}

function files(rel: string): string[] {
  const abs = path.join(repo, rel);
  if (statSync(abs).isFile()) return [rel];
  return readdirSync(abs).flatMap((name) => files(path.join(rel, name)));
}

describe("money shown one way", () => {
  it("the scan recognises 3-decimal display and lets prices through", () => {
    expect(findings("a.ts", '["Amount", "$25.000 USD"],')).toHaveLength(1);
    expect(findings("a.ts", "label(formatUsd(micros))")).toHaveLength(1);
    expect(findings("a.ts", "(n / 1e6).toFixed(3)")).toHaveLength(1);
    expect(findings("a.json", '"hint": "Costs $0.600 in total"')).toHaveLength(1);
    expect(findings("a.json", '"total": "$1,250.000"')).toHaveLength(1);
    expect(findings("a.ts", 'expect(x).toBe("$0.480 / s"); // $0.480 / сек, $0.15 per clip')).toEqual([]);
    expect(findings("a.ts", "formatAmount(micros) // $25.00, $10,000.00")).toEqual([]);
  });

  it("no page, PDF, email or CLI output shows an amount with 3 decimals", () => {
    const scanned = SCANNED.flatMap(files).filter((f) => /\.(tsx?|json)$/.test(f));
    expect(scanned.length).toBeGreaterThan(50);
    const found = scanned
      .filter((f) => !ALLOWED.some((a) => f.startsWith(a)))
      .flatMap((f) => findings(f, readFileSync(path.join(repo, f), "utf8")));
    expect(found).toEqual([]);
  });
});
