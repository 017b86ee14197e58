/** The run's report: a console table, bench/results/latest.{json,md}, and the README's "last run" section. */
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import type { BenchRow } from "./types";

export interface CaseOutcome {
  name: string;
  file: string;
  seconds: number;
  rows: BenchRow[];
  /** Set when the case threw: the run is then reported as failed. */
  error?: string;
}

export interface RunReport {
  startedAt: string;
  finishedAt: string;
  mode: "short" | "normal";
  /** The load rounds, in words. */
  plan: string;
  environment: { node: string; cpus: number; cpuModel: string; database: string; redis: boolean; appCommand: string };
  cases: CaseOutcome[];
  /** Case files that were not run, and why. */
  skipped: string[];
}

const README_START = "<!-- bench:last-run:start -->";
const README_END = "<!-- bench:last-run:end -->";

function formatNumber(n: number | null): string {
  if (n === null || Number.isNaN(n)) return "-";
  const abs = Math.abs(n);
  if (Number.isInteger(n) || abs >= 100) return n.toFixed(0);
  return abs >= 10 ? n.toFixed(1) : n.toFixed(2);
}

function ratioOf(row: BenchRow): number | null {
  return row.floor === null || row.floor === 0 ? null : row.app / row.floor;
}

function cells(row: BenchRow): string[] {
  const ratio = ratioOf(row);
  return [
    row.case,
    row.metric,
    formatNumber(row.app),
    formatNumber(row.floor),
    ratio === null ? "-" : `${ratio.toFixed(2)}x`,
    row.target ?? "-",
    row.met === null ? "-" : row.met ? "yes" : "NO",
  ];
}

const HEADER = ["case", "metric", "app", "floor", "ratio", "target", "met"];

function allRows(report: RunReport): BenchRow[] {
  return report.cases.flatMap((c) => c.rows);
}

export function consoleTable(report: RunReport): string {
  const lines = [HEADER, ...allRows(report).map(cells)];
  const widths = HEADER.map((_, i) => Math.max(...lines.map((l) => l[i]!.length)));
  const numeric = new Set([2, 3, 4]);
  const fmt = (l: string[]) => l.map((c, i) => (numeric.has(i) ? c.padStart(widths[i]!) : c.padEnd(widths[i]!))).join("  ");
  return [fmt(HEADER), widths.map((w) => "-".repeat(w)).join("  "), ...lines.slice(1).map(fmt)].join("\n");
}

function markdownReport(report: RunReport): string {
  const env = report.environment;
  const out = [
    `Run of ${report.startedAt.replace("T", " ").replace(/\.\d+Z$/, " UTC")} (${report.mode} mode: ${report.plan}). ` +
      `Node ${env.node}, ${env.cpus} × ${env.cpuModel}; ${env.database}; Redis ${env.redis ? "yes" : "no"}; app started as \`${env.appCommand}\`.`,
    "",
    `| ${HEADER.join(" | ")} |`,
    `|${HEADER.map((_, i) => (i >= 2 && i <= 4 ? "---:" : "---")).join("|")}|`,
    ...allRows(report).map((r) => `| ${cells(r).join(" | ")} |`),
  ];
  const notes = allRows(report).filter((r) => r.note);
  if (notes.length) out.push("", "Notes:", ...notes.map((r) => `- ${r.case}, ${r.metric}: ${r.note}`));
  const failed = report.cases.filter((c) => c.error);
  if (failed.length) out.push("", "Cases that failed:", ...failed.map((c) => `- ${c.name}: ${c.error}`));
  if (report.skipped.length) out.push("", "Not run:", ...report.skipped.map((s) => `- ${s}`));
  return `${out.join("\n")}\n`;
}

export async function writeReport(dir: string, report: RunReport): Promise<string> {
  await mkdir(dir, { recursive: true });
  const markdown = markdownReport(report);
  await writeFile(path.join(dir, "latest.json"), `${JSON.stringify(report, null, 2)}\n`);
  await writeFile(path.join(dir, "latest.md"), markdown);
  return markdown;
}

/** Replaces what lies between the README's two markers; leaves the rest of the file alone. */
export async function updateReadme(readmePath: string, markdown: string): Promise<boolean> {
  const text = await readFile(readmePath, "utf8").catch(() => null);
  if (text === null) return false;
  const start = text.indexOf(README_START);
  const end = text.indexOf(README_END);
  if (start < 0 || end < start) return false;
  await writeFile(readmePath, `${text.slice(0, start + README_START.length)}\n${markdown}${text.slice(end)}`);
  return true;
}
