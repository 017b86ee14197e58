import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const loggerModule = fileURLToPath(new URL("../src/platform/logger.ts", import.meta.url));

/**
 * Runs `script` in a Node process that has the logger as `logger`, and collects its stdout until
 * it exits (the script kills itself the way a crash or an operator would).
 */
function runWithLogger(script: string): Promise<string> {
  const child = spawn(
    process.execPath,
    [
      "--import",
      "tsx",
      "--input-type=module",
      "-e",
      `const { logger } = await import(${JSON.stringify(loggerModule)});\n${script}`,
    ],
    { env: { ...process.env, LOG_LEVEL: "info" }, stdio: ["ignore", "pipe", "ignore"] },
  );
  let out = "";
  child.stdout.on("data", (c: Buffer) => {
    out += c.toString();
  });
  return new Promise((resolve) => child.once("close", () => resolve(out)));
}

const messages = (out: string) =>
  out
    .split("\n")
    .filter(Boolean)
    .map((l) => (JSON.parse(l) as { msg: string }).msg);

describe("logger: what a crash keeps", () => {
  it("writes notice, warning and error lines at once, with the routine lines before them", async () => {
    const out = await runWithLogger(`
      logger.info("routine before");
      logger.notice("serving on http://localhost");
      logger.info("routine after");
      logger.warn("mail not sent (no SMTP_URL)");
      process.kill(process.pid, "SIGKILL");`);
    expect(messages(out)).toEqual([
      "routine before",
      "serving on http://localhost",
      "routine after",
      "mail not sent (no SMTP_URL)",
    ]);
  }, 30_000);

  it("writes routine lines within a second, so a SIGKILL loses at most the last second", async () => {
    const out = await runWithLogger(`
      logger.info("a second before the kill");
      setTimeout(() => {
        logger.info("just before the kill");
        process.kill(process.pid, "SIGKILL");
      }, 1500);`);
    // The last line may be lost; the older one may not.
    expect(messages(out)[0]).toBe("a second before the kill");
  }, 30_000);

  it("writes what is held on every exit: process.exit, an uncaught exception, the end of the event loop", async () => {
    expect(messages(await runWithLogger(`logger.info("then exit"); process.exit(3);`))).toEqual(["then exit"]);
    expect(messages(await runWithLogger(`logger.info("then throw"); setTimeout(() => { throw new Error("boom"); });`))).toEqual([
      "then throw",
    ]);
    expect(messages(await runWithLogger(`logger.info("then nothing left to do");`))).toEqual(["then nothing left to do"]);
  }, 30_000);
});
