/**
 * The OpenAPI document as independent tools read it: Redocly's linter with its recommended rules,
 * and the clients two generators make from it, type-checked on the flow a user writes first
 * (create with `stream: false` → poll → list → cancel), with no casts.
 */
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildOpenApiDocument } from "../src/index";

const run = promisify(execFile);
const packageDir = fileURLToPath(new URL("..", import.meta.url));
const bin = (name: string) => path.join(packageDir, "node_modules/.bin", name);
// No telemetry or update checks: the suite runs offline.
const toolEnv = { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true", NO_COLOR: "1" };

// A deployment's public address: Redocly rightly warns about a document whose server is localhost.
const BASE = "https://api.vgen-deployment.test";
let dir: string;
let documentPath: string;

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), "vgen-openapi-tools-"));
  documentPath = path.join(dir, "openapi.json");
  writeFileSync(documentPath, JSON.stringify(buildOpenApiDocument(BASE), null, 2));
  // The generated code imports openapi-fetch, which this package has as a dev dependency.
  symlinkSync(path.join(packageDir, "node_modules"), path.join(dir, "node_modules"), "dir");
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface RedoclyReport {
  totals: { errors: number; warnings: number };
  problems: { ruleId: string; message: string; location: { pointer: string }[] }[];
}

describe("OpenAPI document and independent tools", () => {
  it("lints clean with Redocly's recommended rules: 0 errors, 0 warnings", { timeout: 60_000 }, async () => {
    const { stdout } = await run(bin("redocly"), ["lint", documentPath, "--format=json", "--max-problems=500"], {
      cwd: dir,
      env: toolEnv,
      maxBuffer: 16 * 1024 * 1024,
    }).catch((err: { stdout?: string }) => ({ stdout: err.stdout ?? "" }));
    const report = JSON.parse(stdout) as RedoclyReport;
    const problems = report.problems.map((p) => `${p.ruleId} at ${p.location[0]?.pointer}: ${p.message}`);
    expect(problems).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
  });

  it("gives clients from @hey-api/openapi-ts and openapi-typescript + openapi-fetch that type-check create → poll → list → cancel", {
    timeout: 180_000,
  }, async () => {
    await run(bin("openapi-typescript"), [documentPath, "-o", path.join(dir, "schema.d.ts")], { cwd: dir, env: toolEnv });
    await run(bin("openapi-ts"), ["-i", documentPath, "-o", path.join(dir, "hey")], { cwd: dir, env: toolEnv });
    writeFileSync(path.join(dir, "openapi-fetch-flow.ts"), OPENAPI_FETCH_FLOW);
    writeFileSync(path.join(dir, "hey-flow.ts"), HEY_API_FLOW);
    writeFileSync(
      path.join(dir, "tsconfig.json"),
      JSON.stringify({
        compilerOptions: {
          target: "ES2022",
          module: "NodeNext",
          moduleResolution: "NodeNext",
          strict: true,
          noEmit: true,
          skipLibCheck: true,
          lib: ["ES2022", "DOM", "DOM.Iterable"],
          types: [],
        },
        include: ["*.ts", "hey/**/*.ts"],
      }),
    );
    const checked = await run(bin("tsc"), ["-p", dir], { cwd: dir }).then(
      () => "",
      (err: { stdout?: string }) => err.stdout ?? String(err),
    );
    expect(checked).toBe("");
  });
});

/** What a user of openapi-fetch writes: no media type argument, no casts. */
const OPENAPI_FETCH_FLOW = `
import createClient from "openapi-fetch";
import type { paths } from "./schema";

const client = createClient<paths>({ baseUrl: "${BASE}", headers: { Authorization: "Bearer vgk_x" } });

export async function flow(): Promise<string> {
  const created = await client.POST("/api/v1/videos/generations", {
    body: { model: "gen-3.1-fast", prompt: "A kite over a beach", duration: 1, stream: false },
  });
  if (!created.data) throw new Error(created.error?.error.message);
  const id: string = created.data.id;
  const polled = await client.POST("/api/v1/videos/result", { body: { id } });
  if (!polled.data) throw new Error(polled.error?.error.code);
  const status: "processing" | "completed" | "failed" | "canceled" = polled.data.status;
  const url: string | undefined = polled.data.output[0]?.url;
  const page = await client.GET("/api/v1/videos/generations", { params: { query: { limit: 10 } } });
  if (!page.data) throw new Error(page.error?.error.code);
  const first: string | undefined = page.data.data[0]?.id;
  const next: string | null = page.data.next_cursor;
  const canceled = await client.POST("/api/v1/videos/cancel", { body: { id } });
  if (!canceled.data) throw new Error(canceled.error?.error.doc_url);
  return [status, url, first, next, canceled.data.status].join(" ");
}
`;

/** The same with @hey-api/openapi-ts's SDK functions, and its typed event stream. */
const HEY_API_FLOW = `
import { createClient } from "./hey/client";
import { cancelGeneration, createGeneration, getGenerationResult, listGenerations, streamGenerationEvents } from "./hey/sdk.gen";

const client = createClient({ baseUrl: "${BASE}", auth: "vgk_x" });

export async function flow(): Promise<string> {
  const created = await createGeneration({
    client,
    body: { model: "gen-3.1-fast", prompt: "A kite over a beach", duration: 1, stream: false },
  });
  if (!created.data) throw new Error(created.error?.error.message);
  const id: string = created.data.id;
  const polled = await getGenerationResult({ client, body: { id } });
  if (!polled.data) throw new Error(polled.error?.error.code);
  const status: "processing" | "completed" | "failed" | "canceled" = polled.data.status;
  const url: string | undefined = polled.data.output[0]?.url;
  const page = await listGenerations({ client, query: { limit: 10 } });
  if (!page.data) throw new Error(page.error?.error.code);
  const first: string | undefined = page.data.data[0]?.id;
  const next: string | null = page.data.next_cursor;
  const canceled = await cancelGeneration({ client, body: { id } });
  if (!canceled.data) throw new Error(canceled.error?.error.doc_url);
  return [status, url, first, next, canceled.data.status].join(" ");
}

export async function follow(id: string): Promise<number> {
  const { stream } = await streamGenerationEvents({ client, path: { id }, headers: { "Last-Event-ID": "42" } });
  let progress = 0;
  // \`void\`: the 204 answered to a client that already has the final event.
  for await (const record of stream) if (record) progress = record.progress;
  return progress;
}
`;
