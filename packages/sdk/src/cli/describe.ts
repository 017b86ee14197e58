import type { Generation } from "../types.js";
import { formatEta } from "./progress.js";

/** A record as aligned `name  value` lines, for people. */
export function describeRecord(record: Generation): string {
  const lines = [
    `id         ${record.id}`,
    `status     ${record.status}`,
    `model      ${record.model}`,
    `progress   ${record.progress}%`,
    `eta        ${formatEta(record.eta_seconds)}`,
    `duration   ${record.duration}s  ${record.size}  ${record.aspect_ratio}`,
    `cost       ${record.cost} (${record.price})`,
    `created    ${record.created_at}`,
  ];
  if (record.completed_at) lines.push(`finished   ${record.completed_at}`);
  for (const output of record.output) lines.push(`output     ${output.url}`);
  if (record.error) lines.push(`error      ${record.error.code}: ${record.error.message}`);
  return `${lines.join("\n")}\n`;
}

/** Rows as columns two spaces apart, each padded to its widest cell. */
export function table(rows: string[][]): string {
  const widths = rows[0]?.map((_, i) => Math.max(...rows.map((r) => r[i]!.length))) ?? [];
  return rows
    .map(
      (row) =>
        `${row
          .map((cell, i) => cell.padEnd(widths[i]!))
          .join("  ")
          .trimEnd()}\n`,
    )
    .join("");
}
