import { createServer } from "node:net";
import { describe, expect, it } from "vitest";
import { createDb, newId } from "@vgen/db";
import { createAccount } from "../src/accounts/accounts";
import {
  bufferRequestLog,
  flushRequestLogs,
  RequestLogWriter,
  type RequestLogRow,
} from "../src/observability/request-log-writer";
import { testDatabaseUrl, useTestDb } from "./helpers/test-db";

describe.skipIf(!testDatabaseUrl)("batched request logs", () => {
  const db = useTestDb();

  it("stores every buffered row as given, nulls and times included, in one flush", async () => {
    const account = await createAccount(db(), { email: `logs-${Date.now()}@example.test` });
    const rows: RequestLogRow[] = Array.from({ length: 3 }, (_, i) => {
      const id = newId("req");
      return {
        id,
        requestId: id,
        accountId: i === 2 ? null : account.id,
        apiKeyId: null,
        modelId: i === 0 ? "gen-3.1-fast" : null,
        generationId: null,
        method: "POST",
        path: `/api/v1/videos/result?i=${i}`,
        status: 200 + i,
        errorCode: i === 1 ? "rate_limited" : null,
        latencyMs: 10 * i,
        livemode: i !== 1,
        createdAt: new Date(Date.UTC(2026, 10, 21, 12, 0, i, 123)),
        requestBody: i === 0 ? '{"prompt":"a cat"}' : null,
        responseBody: i === 2 ? null : `{"n":${i}}`,
      };
    });
    for (const row of rows) bufferRequestLog(db(), row);
    await flushRequestLogs();
    const stored = await db().requestLog.findMany({ where: { id: { in: rows.map((r) => r.id) } }, orderBy: { status: "asc" } });
    expect(stored).toEqual(rows.map((r) => ({ ...r, requestBodyTruncated: false, responseBodyTruncated: false })));
  });

  it("stores the bodies redacted and capped, never the key a body carried", async () => {
    const row = { ...rowFor("/api/v1/videos/generations"), method: "POST" };
    const key = "vgk_9Qw3Er5Ty7Ui9Op2As4Df6Gh";
    bufferRequestLog(db(), {
      ...row,
      requestBody: JSON.stringify({ prompt: `use ${key}`, webHook: { secret: "whsec_abc123" } }),
      responseBody: JSON.stringify({ id: "vid_1", prompt: "x".repeat(40_000) }),
    });
    await flushRequestLogs();
    const stored = await db().requestLog.findUniqueOrThrow({ where: { id: row.id } });
    expect(JSON.parse(stored.requestBody!)).toEqual({ prompt: "use [redacted]", webHook: { secret: "[redacted]" } });
    expect(stored.requestBodyTruncated).toBe(false);
    expect(stored.responseBody).toHaveLength(16 * 1024);
    expect(stored.responseBodyTruncated).toBe(true);
  });
});

async function closedPort(): Promise<number> {
  const srv = createServer();
  await new Promise<void>((r) => srv.listen(0, "127.0.0.1", r));
  const { port } = srv.address() as { port: number };
  await new Promise((r) => srv.close(r));
  return port;
}

function rowFor(path: string): RequestLogRow {
  const id = newId("req");
  return {
    id,
    requestId: id,
    accountId: null,
    apiKeyId: null,
    modelId: null,
    generationId: null,
    method: "GET",
    path,
    status: 200,
    errorCode: null,
    latencyMs: 1,
    livemode: true,
    createdAt: new Date(),
    requestBody: null,
    responseBody: null,
  };
}

describe.skipIf(!testDatabaseUrl)("the request log writer", () => {
  const db = useTestDb(2);
  const stored = (paths: string[]) => db().requestLog.count({ where: { path: { in: paths } } });

  it("keeps the rows written during a database outage and stores them once it is back", async () => {
    const unreachable = createDb(`postgresql://postgres@127.0.0.1:${await closedPort()}/none`, 1);
    let down = true;
    const writer = new RequestLogWriter({
      $executeRaw: ((sql: TemplateStringsArray, ...values: unknown[]) =>
        (down ? unreachable : db()).$executeRaw(sql, ...values)) as never,
    });
    const paths = Array.from({ length: 30 }, (_, i) => `/outage/${Date.now()}/${i}`);
    for (const p of paths) writer.add(rowFor(p));
    await writer.flush();
    await writer.flush();
    expect(writer.buffered).toBe(30);
    expect(await stored(paths)).toBe(0);

    down = false;
    await writer.flush();
    expect(writer.buffered).toBe(0);
    expect(await stored(paths)).toBe(30);
    expect(writer.dropped).toBe(0);
    await unreachable.$disconnect();
  });

  it("drops only a row the database refuses, not the rows batched with it", async () => {
    const writer = new RequestLogWriter(db());
    const paths = [`/ok/${Date.now()}/1`, `/bad/\u0000/${Date.now()}`, `/ok/${Date.now()}/2`];
    for (const p of paths) writer.add(rowFor(p));
    await writer.flush();
    expect(await stored([paths[0]!, paths[2]!])).toBe(2);
    expect(writer.dropped).toBe(1);
    expect(writer.buffered).toBe(0);
  });
});
