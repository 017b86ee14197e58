// The web server's start command, the one place it is written: `npm start`'s supervisor and the
// bench run it from here; compose.yaml (whose command the test harness runs) and the Dockerfile's
// CMD must equal it (e2e/deploy/compose.test.ts). No dependencies: it runs from a fresh clone.

/**
 * A 64 MB young generation (V8's default tops out at 16 MB per semi-space): a request's garbage
 * dies young, and scavenges were 15% of a poll's CPU; this takes ~19% off the poll's node CPU
 * (bench/README.md "Request path work") for at most ~100 MB more resident memory under load.
 */
export const WEB_NODE_ARGS = ["--max-semi-space-size=64"];

export const WEB_ENTRY = "apps/web/dist/server.mjs";

export const WEB_COMMAND = ["node", ...WEB_NODE_ARGS, WEB_ENTRY];
