// The Prometheus rules and dashboard under deploy/, read as data, and Debian's promtool/prometheus
// binaries the tests run them with.
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parse } from "yaml";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
export const PROMETHEUS_DIR = path.join(root, "deploy/prometheus");
export const RULES_FILE = path.join(PROMETHEUS_DIR, "rules.yml");
export const DASHBOARD_FILE = path.join(root, "deploy/grafana/vgen.json");

export interface Rule {
  record?: string;
  alert?: string;
  expr: string;
  for?: string;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
}

export function readRules(): Rule[] {
  const doc = parse(readFileSync(RULES_FILE, "utf8")) as { groups: { name: string; rules: Rule[] }[] };
  return doc.groups.flatMap((g) => g.rules);
}

const KEYWORDS = new Set(["and", "or", "unless", "bool", "offset", "inf", "nan"]);

/**
 * The metric and record names a PromQL expression reads. Strings, label matchers, label lists of
 * by/without/on/ignoring/group_*, range selectors and function or aggregation names are not names.
 */
export function namesInExpr(expr: string): string[] {
  const bare = expr
    .replace(/"(?:[^"\\]|\\.)*"/g, "")
    .replace(/\{[^}]*\}/g, "")
    .replace(/\b(by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, "")
    .replace(/\[[^\]]*\]/g, "");
  const names = [...bare.matchAll(/([a-zA-Z_:][a-zA-Z0-9_:]*)\s*(\()?/g)]
    .filter((m) => !m[2] && !KEYWORDS.has(m[1]!.toLowerCase()))
    .map((m) => m[1]!);
  return [...new Set(names)];
}

/** The metrics the app must expose: every name the rules read that no rule records. */
export function scrapedMetricNames(rules = readRules()): string[] {
  const recorded = new Set(rules.flatMap((r) => (r.record ? [r.record] : [])));
  return [...new Set(rules.flatMap((r) => namesInExpr(r.expr)).filter((n) => !recorded.has(n)))].sort();
}

/**
 * Runs a binary of Debian's `prometheus` package. Missing, it fails with how to install it: these
 * tests never skip (.ci/run installs the package).
 */
export function runPrometheusTool(bin: "promtool" | "prometheus", args: string[], cwd = PROMETHEUS_DIR) {
  const res = spawnSync(bin, args, { cwd, encoding: "utf8" });
  if ((res.error as NodeJS.ErrnoException | undefined)?.code === "ENOENT")
    throw new Error(`${bin} is not installed: install Debian's prometheus package (apt-get install prometheus), as .ci/run does`);
  if (res.error) throw res.error;
  return { status: res.status, output: `${res.stdout}${res.stderr}` };
}
