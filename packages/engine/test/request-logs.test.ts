import { describe, expect, it } from "vitest";
import { newId } from "@vgen/db";
import { createAccount, issueApiKey } from "../src/accounts/index";
import { createProject } from "../src/projects/index";
import {
  deleteExpiredRequestLogs,
  getRequestLog,
  listRequestLogs,
  type RequestLogFilter,
} from "../src/observability/request-logs";
import { testDatabaseUrl, useTestDb } from "./helpers/test-db";

describe.skipIf(!testDatabaseUrl)("an account's request log", () => {
  const db = useTestDb();
  const at = (iso: string) => new Date(`${iso}Z`);

  async function setup() {
    const stamp = `${Date.now()}-${Math.random()}`;
    const account = await createAccount(db(), { email: `reqlog-${stamp}@example.test` });
    const other = await createAccount(db(), { email: `reqlog-other-${stamp}@example.test` });
    const keyA = (await issueApiKey(db(), account.id, "A")).record.id;
    const keyB = (await issueApiKey(db(), account.id, "B")).record.id;
    const log = async (o: { account?: string; key?: string; path: string; status: number; code?: string; time: string }) => {
      const id = newId("req");
      await db().requestLog.create({
        data: {
          id,
          requestId: id,
          accountId: o.account ?? account.id,
          apiKeyId: o.key ?? keyA,
          method: o.path.endsWith("/generations") ? "POST" : "GET",
          path: o.path,
          status: o.status,
          errorCode: o.code ?? null,
          latencyMs: 12,
          createdAt: at(o.time),
        },
      });
      return id;
    };
    const ids = {
      created: await log({ path: "/api/v1/videos/generations", status: 202, time: "2026-11-20T10:00:00" }),
      refused: await log({
        path: "/api/v1/videos/generations",
        status: 402,
        code: "insufficient_balance",
        time: "2026-11-20T11:00:00",
      }),
      events: await log({
        key: keyB,
        path: "/api/v1/videos/generations/vid_abc/events",
        status: 200,
        time: "2026-11-21T09:00:00",
      }),
      failed: await log({
        key: keyB,
        path: "/api/v1/videos/result",
        status: 503,
        code: "service_unavailable",
        time: "2026-11-21T10:00:00",
      }),
      models: await log({ path: "/api/v1/models", status: 200, time: "2026-11-22T08:00:00" }),
      foreign: await log({ account: other.id, key: keyA, path: "/api/v1/models", status: 200, time: "2026-11-22T09:00:00" }),
    };
    return { account: account.id, other: other.id, keyA, keyB, ids };
  }

  it("lists only the account's requests, newest first, in pages that never skip or repeat", async () => {
    const s = await setup();
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await listRequestLogs(db(), s.account, { limit: 2, cursor });
      seen.push(...page.data.map((r) => r.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual([s.ids.models, s.ids.failed, s.ids.events, s.ids.refused, s.ids.created]);
    const foreign = await listRequestLogs(db(), s.other);
    expect(foreign.data.map((r) => r.id)).toEqual([s.ids.foreign]);
  });

  it("filters by status class, key, operation and day range", async () => {
    const s = await setup();
    const ids = async (filter: RequestLogFilter) => (await listRequestLogs(db(), s.account, { filter })).data.map((r) => r.id);
    expect(await ids({ statusClass: "2xx" })).toEqual([s.ids.models, s.ids.events, s.ids.created]);
    expect(await ids({ statusClass: "4xx" })).toEqual([s.ids.refused]);
    expect(await ids({ statusClass: "5xx" })).toEqual([s.ids.failed]);
    expect(await ids({ errorsOnly: true })).toEqual([s.ids.failed, s.ids.refused]);
    expect(await ids({ apiKeyId: s.keyB })).toEqual([s.ids.failed, s.ids.events]);
    expect(await ids({ operation: "/api/v1/videos/generations" })).toEqual([s.ids.refused, s.ids.created]);
    expect(await ids({ operation: "/api/v1/videos/generations/:id/events" })).toEqual([s.ids.events]);
    expect(await ids({ from: at("2026-11-21T00:00:00"), to: at("2026-11-22T00:00:00") })).toEqual([s.ids.failed, s.ids.events]);
    expect(await ids({ statusClass: "2xx", apiKeyId: s.keyA, from: at("2026-11-21T00:00:00") })).toEqual([s.ids.models]);
  });

  it("filters by project: the requests of its keys, of this account only", async () => {
    const s = await setup();
    const project = await createProject(db(), s.account, {
      name: "mobile",
      monthlySpendCapMicros: null,
      rateLimitShare: 100,
      allowedModels: [],
    });
    await db().apiKey.update({ where: { id: s.keyB }, data: { projectId: project.id } });
    const ids = async (accountId: string, filter: RequestLogFilter) =>
      (await listRequestLogs(db(), accountId, { filter })).data.map((r) => r.id);
    expect(await ids(s.account, { projectId: project.id })).toEqual([s.ids.failed, s.ids.events]);
    expect(await ids(s.account, { projectId: project.id, statusClass: "2xx" })).toEqual([s.ids.events]);
    expect(await ids(s.account, { projectId: project.id, apiKeyId: s.keyA })).toEqual([]);
    // Another account naming this project sees none of its requests.
    expect(await ids(s.other, { projectId: project.id })).toEqual([]);
  });

  it("shows one request to its account only", async () => {
    const s = await setup();
    expect(await getRequestLog(db(), s.account, s.ids.refused)).toMatchObject({
      id: s.ids.refused,
      status: 402,
      errorCode: "insufficient_balance",
      apiKeyId: s.keyA,
      path: "/api/v1/videos/generations",
    });
    expect(await getRequestLog(db(), s.other, s.ids.refused)).toBeNull();
    expect(await getRequestLog(db(), s.account, s.ids.foreign)).toBeNull();
  });

  it("a cursor it did not issue is refused as invalid_cursor", async () => {
    const s = await setup();
    await expect(listRequestLogs(db(), s.account, { cursor: "bm90LWEtY3Vyc29y" })).rejects.toMatchObject({
      code: "invalid_cursor",
    });
  });

  it("retention deletes rows older than the period, of every account, and keeps the rest", async () => {
    const s = await setup();
    // Rows of a year no other suite writes, so a concurrent suite's rows are never in the cut.
    const old = async (accountId: string, time: string) => {
      const id = newId("req");
      await db().requestLog.create({
        data: {
          id,
          requestId: id,
          accountId,
          method: "GET",
          path: "/api/v1/models",
          status: 200,
          latencyMs: 1,
          createdAt: at(time),
        },
      });
      return id;
    };
    await old(s.account, "2001-01-01T08:59:59");
    await old(s.other, "2001-01-01T00:00:00");
    const kept = await old(s.account, "2001-01-01T09:00:00");
    const removed = await deleteExpiredRequestLogs(db(), 1, at("2001-01-02T09:00:00"));
    expect(removed).toBe(2);
    const left = await db().requestLog.findMany({ where: { accountId: { in: [s.account, s.other] } }, select: { id: true } });
    expect(left.map((r) => r.id).sort()).toEqual([...Object.values(s.ids), kept].sort());
  });
});
