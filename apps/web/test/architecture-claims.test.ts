import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, test } from "vitest";

/** Claims of docs/architecture.md that code can drift from, checked against the sources. */
const ROOT = join(import.meta.dirname, "../../..");
const SKIP = new Set(["node_modules", "dist", "generated", ".next", "test"]);

function sources(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    if (SKIP.has(e.name)) return [];
    const path = join(dir, e.name);
    if (e.isDirectory()) return sources(path);
    return /\.(ts|tsx|mjs)$/.test(e.name) ? [path] : [];
  });
}

const files = [
  ...readdirSync(join(ROOT, "apps/web"))
    .filter((f) => /\.(ts|mjs)$/.test(f))
    .map((f) => join("apps/web", f)),
  ...sources("apps/web/src"),
  ...sources("apps/web/scripts"),
  ...readdirSync(join(ROOT, "packages")).flatMap((p) => sources(join("packages", p, "src"))),
].map((f) => relative(ROOT, join(ROOT, f)));

const read = (file: string) => readFileSync(join(ROOT, file), "utf8");

/**
 * "Server settings are read through config": every other file that touches process.env, and why.
 * A new one belongs in config's schema, or here with its reason (and in the architecture's list).
 */
const ENV_TOUCHERS: Record<string, string> = {
  "packages/config/src/index.ts": "the one schema",
  "packages/config/src/tracing.ts": "the standard OTEL_* variables, which the OpenTelemetry SDK reads itself",
  "packages/engine/src/render/render-video.ts": "the renderer's child process inherits the environment",
  "packages/db/src/embedded-postgres.ts": "the PostgreSQL child process inherits the environment",
  "apps/web/next.config.ts": "Next.js's build directory, NEXT_DIST_DIR",
  "apps/web/src/instrumentation.ts": "Next.js's NEXT_RUNTIME",
  "apps/web/src/trpc/client.tsx": "NODE_ENV, inlined into the browser bundle by Next.js",
  "apps/web/src/app/dashboard/webhooks/webhooks-panel.tsx": "a code sample shown to users, not a read",
  "packages/sdk/src/client.ts": "a client: VGEN_API_KEY, VGEN_BASE_URL",
  "packages/mcp/src/bin.ts": "a client: VGEN_API_KEY, VGEN_BASE_URL",
};

/** Where a moment is turned into text other than by formatUtc, and why. */
const OTHER_DATE_TEXT: Record<string, string> = {
  "apps/web/src/app/cdn/[key]/route.ts": "HTTP's Last-Modified header form",
  "apps/web/src/app/dashboard/invoices/invoices-panel.tsx": "a statement's month name in the page's language",
  "apps/web/src/app/dashboard/subscriptions/subscriptions-panel.tsx": "a subscription month's name in the page's language",
};
const DATE_TEXT = /\.toLocale(?:Date|Time)?String\(|Intl\.DateTimeFormat|\.toUTCString\(|\.toDateString\(|\.toTimeString\(/;

describe("docs/architecture.md", () => {
  test("the sources are found", () => {
    expect(files).toContain("packages/config/src/index.ts");
    expect(files).toContain("apps/web/src/components/ui/utc-time.tsx");
  });

  test("server settings are read through config: no other file touches process.env without a listed reason", () => {
    const touching = files.filter((f) => read(f).includes("process.env"));
    expect(touching.filter((f) => !(f in ENV_TOUCHERS))).toEqual([]);
  });

  test("one formatUtc (in @vgen/contracts), which <UtcTime> renders", () => {
    const definitions = files.filter((f) => /export (?:function|const) formatUtc\b/.test(read(f)));
    expect(definitions).toEqual(["packages/contracts/src/money.ts"]);
    expect(read("apps/web/src/components/ui/utc-time.tsx")).toContain("formatUtc(");
    expect(files.filter((f) => DATE_TEXT.test(read(f)) && !(f in OTHER_DATE_TEXT))).toEqual([]);
  });
});
