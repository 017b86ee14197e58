// Restricted API keys over HTTP (docs/api.md#restricted-keys): each restriction's catalog error,
// what a restricted key may still do, and edits taking effect from the next request on.
import { describe, expect, it } from "vitest";
import { checkedKeyRestrictions, issueApiKey, restrictApiKey, type KeyRestrictionsInput } from "@vgen/engine/accounts";
import { balanceOf, callApi, db, ledgerSum, newAccount } from "../support/fixtures";

type Account = Awaited<ReturnType<typeof newAccount>>;

const NONE: KeyRestrictionsInput = {
  allowedModels: [],
  readOnly: false,
  expiresAt: null,
  monthlySpendCapMicros: null,
  allowedSources: [],
};
// gen-3.1-fast 1 s bills the 4 s minimum x $0.150 = $0.600.
const FAST = { model: "gen-3.1-fast", prompt: "restricted key", duration: 1, stream: false };

async function restrictedKey(acct: Account, restrictions: Partial<KeyRestrictionsInput>) {
  const checked = await checkedKeyRestrictions(db(), { ...NONE, ...restrictions });
  const { key, record } = await issueApiKey(db(), acct.id, "restricted", checked);
  return { id: record.id, call: (path: string, init?: Parameters<typeof callApi>[2]) => callApi(key, path, init) };
}

const create = (k: { call: Account["call"] }, extra: Record<string, unknown> = {}) =>
  k.call("/api/v1/videos/generations", { method: "POST", json: { ...FAST, ...extra } });

async function expectError(res: Response, status: number, code: string) {
  expect(res.status).toBe(status);
  const body = await res.json();
  expect(body.error.code).toBe(code);
  expect(body.error.doc_url).toMatch(new RegExp(`/errors#${code}$`));
  expect(res.headers.get("x-request-id")).toBe(body.error.request_id);
  return body.error as { message: string; param: string | null };
}

describe("restricted keys", () => {
  it("a model-restricted key creates with its models only: others are 403 key_model_not_allowed and hold nothing", async () => {
    const acct = await newAccount({ balance: "5.00" });
    const key = await restrictedKey(acct, { allowedModels: ["gen-3-1080"] });
    const err = await expectError(await create(key), 403, "key_model_not_allowed");
    expect(err.param).toBe("model");
    expect(err.message).toContain("gen-3-1080");
    expect(await balanceOf(acct.id)).toBe(5_000_000n);
    expect(await db().generation.count({ where: { accountId: acct.id } })).toBe(0);
    expect((await create(key, { model: "gen-3-1080", duration: 3 })).status).toBe(202);
  });

  it("GET /models lists only a model-restricted key's models; an unrestricted key of the same account sees the whole catalog", async () => {
    const acct = await newAccount();
    const ids = async (res: Response) => {
      expect(res.status).toBe(200);
      return ((await res.json()).data as { id: string }[]).map((m) => m.id).sort();
    };
    const catalog = (await db().catalogModel.findMany({ where: { enabled: true }, select: { id: true } }))
      .map((m) => m.id)
      .sort();
    expect(catalog.length).toBeGreaterThan(2);
    expect(await ids(await acct.call("/api/v1/models"))).toEqual(catalog);

    const key = await restrictedKey(acct, { allowedModels: ["gen-3-1080", "gen-3.1-fast"] });
    expect(await ids(await key.call("/api/v1/models"))).toEqual(["gen-3-1080", "gen-3.1-fast"]);
    // Other restrictions do not narrow the list.
    const readOnly = await restrictedKey(acct, { readOnly: true });
    expect(await ids(await readOnly.call("/api/v1/models"))).toEqual(catalog);

    // Widened in the dashboard: listed from the next request on.
    await restrictApiKey(db(), acct.id, key.id, { ...NONE, allowedModels: ["gen-3-1080"] });
    await eventually(async () => (await ids(await key.call("/api/v1/models"))).join() === "gen-3-1080");
  });

  it("a read-only key lists and reads but create and cancel are 403 key_read_only", async () => {
    const acct = await newAccount({ balance: "5.00" });
    const made = await create(acct);
    expect(made.status).toBe(202);
    const { id } = await made.json();
    const key = await restrictedKey(acct, { readOnly: true });

    expect((await key.call("/api/v1/models")).status).toBe(200);
    const list = await key.call("/api/v1/videos/generations");
    expect(list.status).toBe(200);
    expect((await list.json()).data.map((g: { id: string }) => g.id)).toContain(id);
    const result = await key.call("/api/v1/videos/result", { method: "POST", json: { id } });
    expect(result.status).toBe(200);

    await expectError(await create(key), 403, "key_read_only");
    await expectError(await key.call("/api/v1/videos/cancel", { method: "POST", json: { id } }), 403, "key_read_only");
    expect((await db().generation.findUniqueOrThrow({ where: { id } })).status).toBe("processing");
    expect(await db().generation.count({ where: { accountId: acct.id } })).toBe(1);

    // Lifted in the dashboard: the next request may write.
    await restrictApiKey(db(), acct.id, key.id, NONE);
    await eventually(async () => (await create(key)).status === 202);
  });

  it("an expired key is 401 key_expired on every endpoint, from the moment it expires", async () => {
    const acct = await newAccount();
    const key = await restrictedKey(acct, { expiresAt: new Date(Date.now() + 3_600_000) });
    expect((await key.call("/api/v1/models")).status).toBe(200);
    // Time passes: the expiry is now behind us (written as the dashboard would, through the trigger).
    await db().apiKey.update({ where: { id: key.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    await eventually(async () => (await key.call("/api/v1/models")).status === 401);
    await expectError(await key.call("/api/v1/models"), 401, "key_expired");
    await expectError(await key.call("/api/v1/videos/generations"), 401, "key_expired");
  });

  it("a key's monthly cap: concurrent creates admit exactly what fits ($2.00 = three $0.600), the rest 403 key_spend_cap_reached", async () => {
    const acct = await newAccount({ balance: "20.00" });
    const key = await restrictedKey(acct, { monthlySpendCapMicros: 2_000_000n });
    const responses = await Promise.all(Array.from({ length: 8 }, (_, i) => create(key, { prompt: `key cap race ${i}` })));
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 202)).toHaveLength(3);
    expect(statuses.filter((s) => s === 403)).toHaveLength(5);
    const refused = responses.filter((r) => r.status === 403);
    for (const r of refused) await expectError(r, 403, "key_spend_cap_reached");
    expect(await db().generation.count({ where: { apiKeyId: key.id } })).toBe(3);
    expect(await balanceOf(acct.id)).toBe(20_000_000n - 3n * 600_000n);
    expect(await ledgerSum(acct.id)).toBe(await balanceOf(acct.id));

    // The account's other key is not limited by this key's cap.
    expect((await create(acct)).status).toBe(202);
    // Canceling one releases its hold and its room under the cap.
    const first = await db().generation.findFirstOrThrow({ where: { apiKeyId: key.id } });
    expect((await key.call("/api/v1/videos/cancel", { method: "POST", json: { id: first.id } })).status).toBe(200);
    expect((await create(key)).status).toBe(202);
    await expectError(await create(key), 403, "key_spend_cap_reached");
  });

  it("a key limited to source addresses is 403 key_source_not_allowed from elsewhere, naming the caller's address", async () => {
    const acct = await newAccount();
    const elsewhere = await restrictedKey(acct, { allowedSources: ["203.0.113.0/24", "2001:db8::/32"] });
    const err = await expectError(await elsewhere.call("/api/v1/models"), 403, "key_source_not_allowed");
    expect(err.message).toContain("203.0.113.0/24");
    expect(err.message).toMatch(/came from (127\.0\.0\.1|::ffff:127\.0\.0\.1|::1)/);
    const here = await restrictedKey(acct, { allowedSources: ["127.0.0.0/8", "::1"] });
    expect((await here.call("/api/v1/models")).status).toBe(200);
    // The refusal is recorded against the key, so its owner sees it in the request log.
    await eventually(async () => (await db().requestLog.count({ where: { apiKeyId: elsewhere.id, status: 403 } })) === 1);
  });
});

/** Retries until the check holds: a change reaches the server's key cache through NOTIFY. */
async function eventually(check: () => Promise<boolean>, timeoutMs = 5_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 100));
  }
}
