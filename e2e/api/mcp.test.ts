// The MCP server (packages/mcp/dist/bin.js, as an agent starts it) driven over stdio by the MCP SDK's own client.
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import type { CallToolResult, Progress } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BASE_URL, balanceOf, callApi, newAccount, type TestAccount } from "../support/fixtures";
import { stalledReferenceServer } from "../support/stalled-reference";

const BIN = fileURLToPath(new URL("../../packages/mcp/dist/bin.js", import.meta.url));

/** Only what the server needs, so nothing of the test run (VGEN_* or otherwise) leaks in. */
const serverEnv = (key: string) => ({ PATH: process.env.PATH ?? "", VGEN_API_KEY: key, VGEN_BASE_URL: BASE_URL });

async function connect(key: string): Promise<Client> {
  const client = new Client({ name: "vgen-e2e", version: "0.0.0" });
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [BIN], env: serverEnv(key) }));
  return client;
}

async function call(client: Client, name: string, args: Record<string, unknown> = {}): Promise<CallToolResult> {
  return (await client.callTool({ name, arguments: args })) as CallToolResult;
}

/** A successful tool answer's structured content. */
function ok(result: CallToolResult): any {
  expect(result.isError, JSON.stringify(result.content)).toBeFalsy();
  return result.structuredContent;
}

let acct: TestAccount;
let client: Client;
let reference: Awaited<ReturnType<typeof stalledReferenceServer>>;
beforeAll(async () => {
  acct = await newAccount({ balance: "20.00" });
  client = await connect(acct.key);
  reference = await stalledReferenceServer();
});
afterAll(async () => {
  await client?.close();
  await reference?.close();
});

describe("vgen-mcp over stdio", () => {
  it("lists its tools", async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(
      [
        "cancel_generation",
        "concat_generations",
        "generate",
        "get_balance",
        "get_generation",
        "list_generations",
        "list_models",
        "quote",
      ].sort(),
    );
  });

  it("list_models answers the catalog with prices; quote is the hold the API then takes", async () => {
    const models = ok(await call(client, "list_models"));
    const pro = models.data.find((m: any) => m.id === "gen-3.1-pro");
    expect(pro).toMatchObject({
      price: "$0.480 / сек",
      price_per_second: "$0.480",
      min_charge_seconds: 4,
    });

    // gen-3.1-pro 2 s bills its 4 s minimum; the generation created with the same request holds that much.
    const quote = ok(await call(client, "quote", { model: "gen-3.1-pro", duration: 2 }));
    expect(quote).toMatchObject({ object: "quote", billed_seconds: 4, cost: "$1.920", size: pro.default_size });
    const before = await balanceOf(acct.id);
    const created = ok(
      await call(client, "generate", {
        model: "gen-3.1-pro",
        prompt: "quoted",
        duration: 2,
        firstFrameUrl: reference.url,
        wait: false,
      }),
    );
    expect(created).toMatchObject({ status: "processing", billed_seconds: 4, cost: quote.cost, size: quote.size });
    expect(before - (await balanceOf(acct.id))).toBe(1_920_000n);
    expect(ok(await call(client, "get_balance"))).toEqual({
      object: "balance",
      available: "$18.080",
      held: "$1.920",
    });

    const canceled = await call(client, "cancel_generation", { id: created.id });
    expect(ok(canceled)).toMatchObject({ id: created.id, status: "canceled" });
    expect((canceled.content[0] as { text: string }).text).toBe(`${created.id} canceled`);
    expect(ok(await call(client, "get_balance"))).toEqual({ object: "balance", available: "$20.000", held: "$0.000" });
  });

  it("generate waits for the video, sending rising progress notifications while it renders", async () => {
    const progress: Progress[] = [];
    const result = (await client.callTool(
      {
        name: "generate",
        arguments: { model: "gen-3.1-fast", prompt: "A red balloon over rooftops", duration: 3, size: "720p" },
      },
      undefined,
      { onprogress: (p) => progress.push(p), timeout: 120_000, resetTimeoutOnProgress: true },
    )) as CallToolResult;
    const record = ok(result);
    expect(record.status).toBe("completed");
    expect(record.output[0].url).toMatch(/\.mp4$/);
    expect((result.content[0] as { text: string }).text).toBe(`${record.id} completed: ${record.output[0].url}`);

    const values = progress.map((p) => p.progress);
    expect(values.length).toBeGreaterThanOrEqual(2);
    for (let i = 1; i < values.length; i++) expect(values[i]).toBeGreaterThan(values[i - 1]!);
    expect(values[0]).toBe(0);
    expect(values.some((v) => v > 0 && v < 100)).toBe(true);
    expect(values.at(-1)).toBeLessThanOrEqual(record.progress);
    expect(record.progress).toBe(100);
    expect(progress.every((p) => p.total === 100 && p.message?.startsWith(record.id))).toBe(true);

    const video = await fetch(record.output[0].url);
    expect(video.status).toBe(200);
    expect(video.headers.get("content-type")).toBe("video/mp4");
    expect((await video.arrayBuffer()).byteLength).toBeGreaterThan(1000);

    // get and list see it as the API does.
    const got = ok(await call(client, "get_generation", { id: record.id }));
    expect(got).toEqual(await (await acct.call("/api/v1/videos/result", { method: "POST", json: { id: record.id } })).json());
    const page = ok(await call(client, "list_generations", { limit: 1 }));
    expect(page).toMatchObject({ object: "list", has_more: true });
    expect(page.data.map((g: any) => g.id)).toEqual([record.id]);
    const next = ok(await call(client, "list_generations", { limit: 10, cursor: page.next_cursor }));
    expect(next.data.map((g: any) => g.id)).not.toContain(record.id);
    expect(next.data.length).toBeGreaterThanOrEqual(1);

    // Charged on completion: 3 s of gen-3.1-fast at its 4 s minimum × $0.150.
    expect(record.cost).toBe("$0.600");
    expect(ok(await call(client, "get_balance"))).toEqual({ object: "balance", available: "$19.400", held: "$0.000" });
  });

  it("answers the API's refusals as tool errors with the catalog's code, message and doc link", async () => {
    const direct = await callApi(acct.key, "/api/v1/videos/result", { method: "POST", json: { id: "vid_doesnotexist" } });
    const envelope = (await direct.json()).error;
    const result = await call(client, "get_generation", { id: "vid_doesnotexist" });
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toMatchObject({
      error: { code: "generation_not_found", status: 404, message: envelope.message, doc_url: envelope.doc_url },
    });
    expect((result.content[0] as { text: string }).text).toContain(`generation_not_found: ${envelope.message}`);

    // An account without money: the create's 402, nothing created.
    const broke = await newAccount();
    const brokeClient = await connect(broke.key);
    try {
      const refused = await call(brokeClient, "generate", { model: "gen-3.1-fast", prompt: "no money", duration: 1 });
      expect(refused.isError).toBe(true);
      expect(refused.structuredContent).toMatchObject({
        error: { code: "insufficient_balance", status: 402, doc_url: `${BASE_URL}/errors#insufficient_balance` },
      });
      const quoteRefused = await call(brokeClient, "quote", { model: "gen-3.1-fast", duration: 60 });
      expect(quoteRefused.structuredContent).toMatchObject({ error: { code: "invalid_parameter", param: "duration" } });
    } finally {
      await brokeClient.close();
    }
  });

  it("refuses to start without VGEN_API_KEY, saying so on stderr", () => {
    const run = spawnSync(process.execPath, [BIN], {
      env: { PATH: process.env.PATH, NODE_ENV: "production", VGEN_BASE_URL: BASE_URL },
      input: "",
      encoding: "utf8",
      timeout: 30_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("VGEN_API_KEY");
  });
});
