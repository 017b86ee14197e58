// The README's install, as a user on a fresh machine does it: `npm pack` (its prepack builds dist/),
// then `npm install <tarball>` into an empty project (offline: the package has no dependencies),
// then the library, its types and the `vgen` bin, each used against a local server.
import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventStream, json, localServer, record } from "./local-server";

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, "..");
const repo = path.resolve(root, "../..");

let dir: string;
let project: string;
let tarball: string;
let packedFiles: string[];

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "vgen-pack-"));
  const { stdout } = await run("npm", ["pack", "--json", "--pack-destination", dir], { cwd: root });
  // npm prints the prepack build's output before the JSON report.
  const [report] = JSON.parse(stdout.slice(stdout.indexOf("[")));
  tarball = path.join(dir, report.filename);
  packedFiles = report.files.map((f: { path: string }) => f.path);
  project = path.join(dir, "app");
  await run("mkdir", [project]);
  await writeFile(path.join(project, "package.json"), JSON.stringify({ name: "app", private: true, type: "module" }));
  await run("npm", ["install", "--offline", "--no-audit", "--no-fund", tarball], { cwd: project });
}, 180_000);
afterAll(() => rm(dir, { recursive: true, force: true }));

// Node and tsc start slowly on a loaded machine.
describe("npm pack → npm install <tarball>", { timeout: 90_000 }, () => {
  it("ships the built library, its types, source maps with their sources, README and LICENSE; no sources or tests", async () => {
    for (const file of [
      "package.json",
      "README.md",
      "LICENSE",
      "dist/index.js",
      "dist/index.d.ts",
      "dist/index.js.map",
      "dist/cli.js",
    ])
      expect(packedFiles).toContain(file);
    expect(packedFiles.filter((f) => /^(src|test|scripts)\/|tsconfig|vitest/.test(f))).toEqual([]);
    const map = JSON.parse(await readFile(path.join(project, "node_modules/@vgen/sdk/dist/index.js.map"), "utf8"));
    expect(map.sourcesContent?.[0]).toContain("export");
    const installed = JSON.parse(await readFile(path.join(project, "node_modules/@vgen/sdk/package.json"), "utf8"));
    expect(installed.dependencies ?? {}).toEqual({});
  });

  it("imports and runs: createAndWait and models.list against a local server", async () => {
    const done = record({ status: "completed", progress: 100, eta_seconds: 0 });
    const server = await localServer([
      eventStream([record(), done]),
      json(200, { object: "list", data: [{ id: "gen-3.1-fast" }] }),
    ]);
    try {
      const script = `
        import { Vgen, VgenError } from "@vgen/sdk";
        const client = new Vgen({ apiKey: "vgk_test", baseUrl: process.argv[2] });
        const final = await client.generations.createAndWait({ model: "gen-3.1-fast", prompt: "a boat" });
        const models = await client.models.list();
        console.log(JSON.stringify({ status: final.status, models: models.data.map((m) => m.id), error: typeof VgenError }));
      `;
      await writeFile(path.join(project, "app.mjs"), script);
      const { stdout } = await run(process.execPath, ["app.mjs", server.baseUrl], { cwd: project });
      expect(JSON.parse(stdout)).toEqual({ status: "completed", models: ["gen-3.1-fast"], error: "function" });
      expect(server.requests[0]!.headers["user-agent"]).toMatch(/^vgen-sdk-typescript\//);
    } finally {
      await server.close();
    }
  });

  it("type-checks a TypeScript consumer through the package's exports", async () => {
    const source = `
      import { Vgen, type Generation, type WebhookEvent, WaitTimeoutError } from "@vgen/sdk";
      const client = new Vgen({ apiKey: "k", streamIdleTimeoutMs: 10_000 });
      const wait: Promise<Generation> = client.generations.wait("vid_1", { waitTimeoutMs: 60_000 });
      export const label = (e: WebhookEvent): string => (e.type === "generation.completed" ? e.data.output[0]?.url ?? "" : e.type);
      export { wait, WaitTimeoutError };
    `;
    await writeFile(path.join(project, "check.ts"), source);
    const tsc = path.join(repo, "node_modules/typescript/bin/tsc");
    const args = ["--noEmit", "--strict", "--module", "nodenext", "--moduleResolution", "nodenext", "--target", "es2022"];
    args.push("--typeRoots", path.join(repo, "node_modules/@types"), "--types", "node", "check.ts");
    await expect(run(process.execPath, [tsc, ...args], { cwd: project })).resolves.toBeDefined();
  });

  it("installs the vgen bin, which answers against a local server", async () => {
    const server = await localServer([json(200, record({ status: "completed", progress: 100 }))]);
    try {
      const { stdout } = await run(path.join(project, "node_modules/.bin/vgen"), ["get", "vid_test", "--json"], {
        env: { PATH: process.env.PATH, VGEN_API_KEY: "vgk_test", VGEN_BASE_URL: server.baseUrl },
      });
      expect(JSON.parse(stdout)).toMatchObject({ id: "vid_test", status: "completed" });
    } finally {
      await server.close();
    }
  });
});
