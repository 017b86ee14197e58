/** Money is integer micro-dollars (1 $ = 1_000_000). Never a float. */
export const MICROS_PER_DOLLAR = 1_000_000n;

/**
 * The API's money form, "$3.840": dollars with exactly 3 decimals, rounded half up. Only for API fields
 * and per-second prices; an amount a person reads goes through formatAmount.
 */
export function formatUsd(micros: bigint): string {
  const negative = micros < 0n;
  const abs = negative ? -micros : micros;
  const mills = (abs + 500n) / 1000n;
  const dollars = mills / 1000n;
  const frac = (mills % 1000n).toString().padStart(3, "0");
  return `${negative ? "-" : ""}$${dollars}.${frac}`;
}

/** The API's price form: "$0.480 / сек" (dollar sign, 3 decimals, " / ", the Russian abbreviation of "second"). */
export function formatPricePerSecond(micros: bigint): string {
  return `${formatUsd(micros)} / сек`;
}

/**
 * An amount for people (balances, invoices, statements, ledger, usage): "$25.50", "$10,000.00": two
 * decimals, rounded half up, thousands grouped with commas. A dollar amount keeps the US form in both UI
 * languages (docs/architecture.md#ui-languages), as Stripe shows USD. Prices per second keep three
 * decimals (formatUnitPrice).
 */
export function formatAmount(micros: bigint): string {
  const negative = micros < 0n;
  const abs = negative ? -micros : micros;
  const cents = (abs + 5_000n) / 10_000n;
  const frac = (cents % 100n).toString().padStart(2, "0");
  const dollars = (cents / 100n).toString().replace(/\B(?=(\d{3})+$)/g, ",");
  return `${negative ? "-" : ""}$${dollars}.${frac}`;
}

/**
 * Exact dollars for a form field, without "$": "5.00", "0.15", "0.0125" (at least 2 decimals, more only
 * when set), so editing and saving a value never rounds it.
 */
export function formatDollarsInput(micros: bigint): string {
  const negative = micros < 0n;
  const abs = negative ? -micros : micros;
  const frac = (abs % MICROS_PER_DOLLAR).toString().padStart(6, "0").replace(/0+$/, "").padEnd(2, "0");
  return `${negative ? "-" : ""}${abs / MICROS_PER_DOLLAR}.${frac}`;
}

/** A price per second for people: "$0.480 / s" (the API's form says "/ сек"). */
export function formatUnitPrice(micros: bigint): string {
  return `${formatUsd(micros)} / s`;
}

/** The range of one balance top-up: the engine refuses others, and the dashboard's form says so first. */
export const TOP_UP_MIN_MICROS = 5n * MICROS_PER_DOLLAR;
export const TOP_UP_MAX_MICROS = 10_000n * MICROS_PER_DOLLAR;

/** Parses "12.5", "$12.50" or "12" dollars into micro-dollars without floats. */
export function parseUsd(text: string): bigint {
  const m = /^\$?(\d+)(?:\.(\d{1,6}))?$/.exec(text.trim());
  if (!m) throw new Error(`Not a dollar amount: ${text}`);
  return BigInt(m[1]!) * MICROS_PER_DOLLAR + BigInt((m[2] ?? "").padEnd(6, "0"));
}

/** The API's timestamp form: 2026-11-21T15:16:57Z (UTC, no fraction). */
export function formatTimestamp(date: Date): string {
  // toISOString always ends in ".sssZ"; a slice, not a regex: every record of every poll has two or more.
  return `${date.toISOString().slice(0, -5)}Z`;
}

/**
 * The form people read a moment in, in the dashboard and in emails: "2026-11-21 15:16:57 UTC".
 * Always UTC, so it matches the API's timestamps and the CSV export whatever the reader's time zone.
 */
export function formatUtc(date: Date | string): string {
  return new Date(date)
    .toISOString()
    .replace("T", " ")
    .replace(/\.\d{3}Z$/, " UTC");
}
