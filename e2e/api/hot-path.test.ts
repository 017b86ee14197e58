import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { isId } from "@vgen/contracts";
import { cancelGeneration } from "@vgen/engine/generations";
import { callApi, db, newAccount, type TestAccount } from "../support/fixtures";
import { startApp, type RunningApp } from "../support/app-process";
import { withCatalogEdit } from "../support/catalog-edit";

const accounts: string[] = [];
const account = async (balance: string) => {
  const acct = await newAccount({ balance });
  accounts.push(acct.id);
  return acct;
};

// What these tests create only proves acceptance: cancel it so the worker does not render it
// ahead of the suites that come next.
afterEach(async () => {
  const open = await db().generation.findMany({
    where: { accountId: { in: accounts.splice(0) }, status: "processing" },
    select: { id: true, accountId: true },
  });
  await Promise.all(
    open.map((g) => (isId("acct", g.accountId) ? cancelGeneration(db(), g.accountId, g.id).catch(() => {}) : undefined)),
  );
});

/**
 * Web processes cache keys, account status, subscriptions and the catalog. A second web process
 * on the same database must see every change as soon as the first does (within a second).
 */
describe("changes take effect at once in every web process", () => {
  let second: RunningApp;
  const processes = () => [process.env.API_BASE_URL!, second.baseUrl];
  const create = (base: string, acct: TestAccount, model = "gen-3.1-fast") =>
    fetch(`${base}/api/v1/videos/generations`, {
      method: "POST",
      headers: { authorization: `Bearer ${acct.key}`, "content-type": "application/json" },
      body: JSON.stringify({ model, prompt: "cache check", duration: 1, stream: false }),
    });
  const afterASecond = () => new Promise((r) => setTimeout(r, 1000));

  beforeAll(async () => {
    second = await startApp({ env: { ...process.env, NODE_ENV: "production", WORKER_MODE: "off" }, label: "second-web" });
  }, 180_000);
  afterAll(async () => {
    await second?.stop();
  });

  it("a revoked key is refused by both processes", async () => {
    const acct = await account("5.00");
    for (const base of processes())
      expect((await fetch(`${base}/api/v1/models`, { headers: { authorization: `Bearer ${acct.key}` } })).status).toBe(200);
    await db().apiKey.updateMany({ where: { accountId: acct.id }, data: { revokedAt: new Date() } });
    await afterASecond();
    for (const base of processes()) {
      const res = await fetch(`${base}/api/v1/models`, { headers: { authorization: `Bearer ${acct.key}` } });
      expect(res.status).toBe(401);
      expect((await res.json()).error.code).toBe("invalid_api_key");
    }
  });

  it("a suspended account is refused by both processes, and served again once reactivated", async () => {
    const acct = await account("5.00");
    for (const base of processes()) expect((await create(base, acct)).status).toBe(202);
    await db().account.update({ where: { id: acct.id }, data: { status: "suspended" } });
    await afterASecond();
    for (const base of processes()) {
      const res = await create(base, acct);
      expect(res.status).toBe(403);
      expect((await res.json()).error.code).toBe("account_suspended");
    }
    await db().account.update({ where: { id: acct.id }, data: { status: "active" } });
    await afterASecond();
    for (const base of processes()) expect((await create(base, acct)).status).toBe(202);
  });

  it("a paused subscription is refused by both processes", async () => {
    const acct = await account("5.00");
    for (const base of processes()) expect((await create(base, acct)).status).toBe(202);
    await db().subscription.update({
      where: { accountId_modelId: { accountId: acct.id, modelId: "gen-3.1-fast" } },
      data: { status: "paused" },
    });
    await afterASecond();
    for (const base of processes()) {
      const res = await create(base, acct);
      expect(res.status).toBe(403);
      expect((await res.json()).error.code).toBe("subscription_paused");
    }
  });

  it("a catalog price edit is shown and charged by both processes", async () => {
    const acct = await account("20.00");
    await withCatalogEdit(
      "gen-3-1080",
      async (before) => {
        for (const base of processes()) expect((await create(base, acct, "gen-3-1080")).status).toBe(202);
        await db().catalogModel.update({
          where: { id: "gen-3-1080" },
          data: { priceMicrosPerSecond: before.priceMicrosPerSecond + 1_000n },
        });
        await afterASecond();
        for (const base of processes()) {
          const models = await (
            await fetch(`${base}/api/v1/models`, { headers: { authorization: `Bearer ${acct.key}` } })
          ).json();
          const shown = models.data.find((m: { id: string }) => m.id === "gen-3-1080");
          const res = await create(base, acct, "gen-3-1080");
          expect(res.status).toBe(202);
          const record = await res.json();
          const stored = await db().generation.findUniqueOrThrow({ where: { id: record.id } });
          expect(stored.priceMicrosPerSecond).toBe(before.priceMicrosPerSecond + 1_000n);
          expect(record.price).toBe(shown.price);
        }
      },
      processes(),
    );
  });
});

describe("a burst of concurrent creates", () => {
  it("60 at once are each served or refused with a catalog code, never a 500", async () => {
    const accounts = await Promise.all(Array.from({ length: 4 }, () => account("100.00")));
    const models = ["gen-3.1-fast", "gen-3.1-pro", "gen-3-1080"];
    const responses = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        callApi(accounts[i % 4]!.key, "/api/v1/videos/generations", {
          method: "POST",
          json: { model: models[i % 3], prompt: `burst ${i}`, duration: 1, stream: false },
        }),
      ),
    );
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s >= 500 && s !== 503)).toEqual([]);
    for (const res of responses) {
      const body = await res.json();
      if (res.status === 202) expect(body.id).toMatch(/^vid_/);
      else expect(body.error.code).toMatch(/^[a-z_]+$/);
    }
    // Below every limit and fully funded: the platform serves them all.
    expect(statuses.filter((s) => s === 202).length).toBe(60);
  });
});
