// One exit-code table for both command lines: `vgen` (this package) and the Python client's
// `python -m vgen` (clients/python) run the same scenarios against the same scripted server and
// must exit alike, with the codes the README's table documents.
import { spawn } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EXIT } from "../src/cli/exit-codes";
import { main } from "../src/cli/main";
import { apiError, eventStream, json, localServer, record } from "./local-server";

const root = path.resolve(import.meta.dirname, "..");
const pythonSrc = path.resolve(root, "../../clients/python/src");

type Handler = Parameters<typeof localServer>[0][number];
interface Scenario {
  name: string;
  args: (out: string) => string[];
  /** Answers by "METHOD path"; a request nobody scripted fails the scenario with a 500. */
  routes?: (baseUrl: string) => Record<string, Handler>;
  key?: string | null;
  unreachable?: boolean;
  code: number;
}

const finished = (status: string, baseUrl: string) =>
  record({
    status,
    progress: status === "completed" ? 100 : 30,
    output: status === "completed" ? [{ url: `${baseUrl}/cdn/vid_test.mp4`, resolution: "720p", duration: 2 }] : [],
    error: status === "failed" ? { code: "render_failed", message: "the renderer gave up" } : undefined,
  });
const CREATE = "POST /api/v1/videos/generations";
const mp4: Handler = (_req, res) => res.writeHead(200, { "content-type": "video/mp4" }).end("....ftypisom");

const SCENARIOS: Scenario[] = [
  {
    name: "a completed generation, downloaded",
    args: (out) => ["generate", "a boat", "--model", "gen-3.1-fast", "--out", out],
    routes: (url) => ({ [CREATE]: eventStream([record(), finished("completed", url)]), "GET /cdn/vid_test.mp4": mp4 }),
    code: EXIT.completed,
  },
  {
    name: "a failed generation",
    args: () => ["generate", "a boat", "--model", "gen-3.1-fast"],
    routes: (url) => ({ [CREATE]: eventStream([record(), finished("failed", url)]) }),
    code: EXIT.failed,
  },
  {
    name: "a canceled generation",
    args: () => ["generate", "a boat", "--model", "gen-3.1-fast"],
    routes: (url) => ({ [CREATE]: eventStream([finished("canceled", url)]) }),
    code: EXIT.canceled,
  },
  { name: "a missing required option", args: () => ["generate", "a boat"], code: EXIT.usage },
  { name: "an unknown option", args: () => ["models", "--colour"], code: EXIT.usage },
  {
    name: "a request the API refuses as invalid",
    args: () => ["generate", "a boat", "--model", "gen-3.1-fast"],
    routes: () => ({ [CREATE]: apiError(400, "too_many_urls") }),
    code: EXIT.usage,
  },
  { name: "no API key", args: () => ["models"], key: null, code: EXIT.auth },
  {
    name: "a wrong API key",
    args: () => ["models"],
    routes: () => ({ "GET /api/v1/models": apiError(401, "invalid_api_key") }),
    code: EXIT.auth,
  },
  {
    name: "an unknown generation",
    args: () => ["get", "vid_missing"],
    routes: () => ({ "POST /api/v1/videos/result": apiError(404, "generation_not_found") }),
    code: EXIT.api,
  },
  {
    name: "a cancel of a finished generation",
    args: () => ["cancel", "vid_test"],
    routes: () => ({ "POST /api/v1/videos/cancel": apiError(409, "generation_not_cancelable") }),
    code: EXIT.api,
  },
  {
    name: "a join of a chain whose last clip is still processing",
    args: () => ["concat", "vid_test"],
    routes: () => ({ "POST /api/v1/videos/concat": apiError(409, "clip_not_completed") }),
    code: EXIT.api,
  },
  {
    name: "a join",
    args: () => ["concat", "vid_test", "--json"],
    routes: (url) => ({ "POST /api/v1/videos/concat": json(200, finished("completed", url)) }),
    code: EXIT.completed,
  },
  { name: "an unreachable server", args: () => ["models"], unreachable: true, code: EXIT.api },
  {
    name: "a record read",
    args: () => ["get", "vid_test", "--json"],
    routes: (url) => ({ "POST /api/v1/videos/result": json(200, finished("failed", url)) }),
    code: EXIT.completed,
  },
];

/** The TypeScript CLI in this process, with the environment a shell would give it. */
async function runTs(args: string[], env: Record<string, string | undefined>): Promise<number> {
  const saved = { key: process.env.VGEN_API_KEY, url: process.env.VGEN_BASE_URL };
  const sink = { write: () => true } as unknown as NodeJS.WritableStream;
  Object.assign(process.env, { VGEN_API_KEY: env.VGEN_API_KEY, VGEN_BASE_URL: env.VGEN_BASE_URL });
  if (env.VGEN_API_KEY === undefined) delete process.env.VGEN_API_KEY;
  try {
    return await main(args, { stdout: sink, stderr: sink }, new AbortController().signal);
  } finally {
    for (const [name, value] of [
      ["VGEN_API_KEY", saved.key],
      ["VGEN_BASE_URL", saved.url],
    ] as const)
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
  }
}

/** The Python CLI as a user runs it. */
function runPython(args: string[], env: Record<string, string | undefined>): Promise<number> {
  return new Promise((resolve, reject) => {
    const vars: Record<string, string> = { PATH: process.env.PATH ?? "", PYTHONPATH: pythonSrc };
    for (const [name, value] of Object.entries(env)) if (value !== undefined) vars[name] = value;
    const child = spawn("python3", ["-m", "vgen", ...args], { env: vars, stdio: "ignore" });
    child.on("error", reject);
    child.on("close", (code) => resolve(code ?? -1));
  });
}

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "vgen-exit-"));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe("CLI exit codes", () => {
  it("the README's table is the code's table", async () => {
    const readme = await readFile(path.join(root, "README.md"), "utf8");
    const section = readme.slice(readme.indexOf("### Exit codes"));
    const documented = [...section.matchAll(/^\| (\d+) +\|/gm)].map((m) => Number(m[1]));
    expect(documented.filter((c) => c !== 1).sort((a, b) => a - b)).toEqual(Object.values(EXIT).sort((a, b) => a - b));
  });

  for (const [cli, run] of [
    ["vgen (TypeScript)", runTs],
    ["python -m vgen", runPython],
  ] as const) {
    it.each(SCENARIOS)(
      `${cli}: $name → $code`,
      async (scenario) => {
        const server = await localServer([
          (req, res, seen) => {
            const handler = scenario.routes?.(server.baseUrl)[`${seen.method} ${seen.url}`];
            if (handler) handler(req, res, seen);
            else res.writeHead(500).end(`unscripted ${seen.method} ${seen.url}`);
          },
        ]);
        if (scenario.unreachable) await server.close();
        try {
          const out = path.join(dir, `${cli.length}-${scenario.name.replaceAll(" ", "-")}.mp4`);
          const env = { VGEN_API_KEY: scenario.key === null ? undefined : "vgk_test", VGEN_BASE_URL: server.baseUrl };
          expect(await run(scenario.args(out), env)).toBe(scenario.code);
          if (scenario.code === EXIT.completed && scenario.args(out).includes("--out"))
            expect((await readFile(out, "utf8")).slice(4, 8)).toBe("ftyp");
        } finally {
          if (!scenario.unreachable) await server.close();
        }
      },
      30_000,
    );
  }
});
