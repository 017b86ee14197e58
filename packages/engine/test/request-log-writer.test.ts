import { describe, expect, it } from "vitest";
import { newId } from "@vgen/db";
import { createAccount } from "../src/accounts";
import { bufferRequestLog, flushRequestLogs, type RequestLogRow } from "../src/request-log-writer";
import { testDatabaseUrl, useTestDb } from "./helpers/test-db";

describe.skipIf(!testDatabaseUrl)("batched request logs", () => {
  const db = useTestDb();

  it("stores every buffered row as given, nulls and times included, in one flush", async () => {
    const account = await createAccount(db(), { email: `logs-${Date.now()}@example.test` });
    const rows: RequestLogRow[] = Array.from({ length: 3 }, (_, i) => {
      const id = newId("request");
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
        createdAt: new Date(Date.UTC(2026, 10, 21, 12, 0, i, 123)),
      };
    });
    for (const row of rows) bufferRequestLog(db(), row);
    await flushRequestLogs();
    const stored = await db().requestLog.findMany({ where: { id: { in: rows.map((r) => r.id) } }, orderBy: { status: "asc" } });
    expect(stored).toEqual(rows);
  });
});
