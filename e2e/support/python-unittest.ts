import { spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** clients/python: the Python client, tested with the standard library's unittest (no packages to install). */
const PYTHON_CLIENT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../clients/python");

export interface UnittestResult {
  code: number;
  ran: number;
  failed: number;
  skipped: number;
  passed: number;
  output: string;
}

/**
 * Runs `python3 -m unittest <args>` in clients/python with the package importable from source, echoing
 * its output, and reads the counts from unittest's summary ("Ran N tests", "FAILED (failures=1, ...)").
 */
export function runPythonUnittest(args: string[], env: NodeJS.ProcessEnv = process.env): Promise<UnittestResult> {
  return new Promise((resolve) => {
    const child = spawn("python3", ["-m", "unittest", ...args], {
      cwd: PYTHON_CLIENT_DIR,
      env: { ...env, PYTHONPATH: path.join(PYTHON_CLIENT_DIR, "src"), PYTHONDONTWRITEBYTECODE: "1" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    const collect = (chunk: Buffer) => {
      output += chunk.toString("utf8");
      process.stdout.write(chunk);
    };
    child.stdout.on("data", collect);
    child.stderr.on("data", collect);
    const finish = (code: number) => {
      const count = (name: string) => Number(new RegExp(`${name}=(\\d+)`).exec(output)?.[1] ?? 0);
      const ran = Number(/^Ran (\d+) tests?/m.exec(output)?.[1] ?? 0);
      const failed = count("failures") + count("errors") + count("unexpected successes");
      const skipped = count("skipped") + count("expected failures");
      resolve({ code, ran, failed, skipped, passed: ran - failed - skipped, output });
    };
    child.on("error", (err) => {
      output += String(err);
      finish(127);
    });
    child.on("close", (code) => finish(code ?? 1));
  });
}
