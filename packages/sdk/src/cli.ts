#!/usr/bin/env node
// `vgen`: the command line over the SDK (README: "Command line"). Commands: cli/registry.ts;
// exit codes: cli/exit-codes.ts.
import { main } from "./cli/main.js";

const controller = new AbortController();
process.once("SIGINT", () => controller.abort());
main(process.argv.slice(2), { stdout: process.stdout, stderr: process.stderr }, controller.signal).then((code) => {
  process.exitCode = code;
});
