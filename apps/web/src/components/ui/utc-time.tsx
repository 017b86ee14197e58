import { formatUtc } from "@vgen/contracts";

/** A moment in the dashboard's form (`formatUtc`), machine-readable too. */
export function UtcTime({ value }: { value: Date | string }) {
  const d = new Date(value);
  return <time dateTime={d.toISOString()}>{formatUtc(d)}</time>;
}
