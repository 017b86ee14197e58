// Output retention (docs/api.md#output-retention): expires_at on the record, the request's
// retention_days over the account's setting (dashboard), and after expiry a 410 output_expired JSON
// answer from /cdn, a record that says expired, and the workers' sweep deleting the files.
import { access, mkdtemp } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { createAccount, issueApiKey } from "@vgen/engine/accounts";
import { creditAccount } from "@vgen/engine/billing";
import { NotFoundError, OutputExpiredError, Vgen } from "@vgen/sdk";
import { beforeAll, describe, expect, it } from "vitest";
import { BASE_URL, callApi, db, uniqueEmail, waitForTerminal, type TestAccount } from "../support/fixtures";
import { signIn, trpc, trpcError } from "../support/sessions";

const PASSWORD = "retention test passphrase 42";
const DAY_MS = 86_400_000;

let acct: TestAccount;
let cookie: string;
beforeAll(async () => {
  const email = uniqueEmail("retention");
  const account = await createAccount(db(), { email, password: PASSWORD, emailVerified: true });
  await creditAccount(db(), { accountId: account.id, amountMicros: 20_000_000n, type: "top_up", reason: "test", actor: "test" });
  const { key } = await issueApiKey(db(), account.id, "retention");
  acct = { id: account.id, email, key, call: (p, init) => callApi(key, p, init) };
  cookie = await signIn(BASE_URL, email, PASSWORD);
});

const create = (json: Record<string, unknown>) =>
  acct.call("/api/v1/videos/generations", {
    method: "POST",
    json: { model: "gen-3.1-fast", prompt: "A kite over a windy beach", duration: 1, size: "720p", stream: false, ...json },
  });

async function completed(json: Record<string, unknown>) {
  const res = await create(json);
  expect(res.status).toBe(202);
  const accepted = await res.json();
  expect(accepted.output).toEqual([]);
  const record = await waitForTerminal(acct, accepted.id);
  expect(record.status).toBe("completed");
  return record;
}

const daysKept = (record: { completed_at: string; output: { expires_at: string }[] }) =>
  (Date.parse(record.output[0]!.expires_at) - Date.parse(record.completed_at)) / DAY_MS;

/** Where the embedded app keeps its outputs, when this run can see them. */
const storedPath = (key: string) => (process.env.DATA_DIR ? path.join(process.env.DATA_DIR, "outputs", key) : null);
const exists = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  );

describe("output retention", () => {
  let expiring: any;
  let kept: any;

  it("refuses retention_days out of 1..365 with invalid_parameter, before any hold", async () => {
    const before = await db().generation.count({ where: { accountId: acct.id } });
    for (const bad of [0, 366, 2.5, "7"]) {
      const res = await create({ retention_days: bad });
      expect(res.status, String(bad)).toBe(400);
      const { error } = await res.json();
      expect(error).toMatchObject({ code: "invalid_parameter", param: "retention_days" });
      expect(error.doc_url).toBe(`${BASE_URL}/errors#invalid_parameter`);
    }
    expect(await db().generation.count({ where: { accountId: acct.id } })).toBe(before);
  });

  it("the dashboard sets the account's retention, within the same bounds", async () => {
    const refused = await trpc(BASE_URL, "account.setRetention", "mutation", cookie, { retentionDays: 400 });
    expect(trpcError(refused)?.httpStatus).toBe(400);
    const saved = await trpc(BASE_URL, "account.setRetention", "mutation", cookie, { retentionDays: 9 });
    expect(trpcError(saved)).toBeNull();
    const me = await trpc(BASE_URL, "account.me", "query", cookie);
    expect((me.json as { result: { data: { json: { retentionDays: number } } } }).result.data.json.retentionDays).toBe(9);
  });

  it("a completed record has expires_at: the request's retention_days, else the account's setting", async () => {
    expiring = await completed({ retention_days: 2 });
    kept = await completed({});
    for (const record of [expiring, kept]) {
      expect(record.output[0]).toMatchObject({
        expires_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/),
        expired: false,
      });
    }
    expect(daysKept(expiring)).toBe(2);
    expect(daysKept(kept)).toBe(9);
    const res = await fetch(expiring.output[0].url);
    expect(res.status).toBe(200);
    // A cache may keep the file only until it expires.
    const maxAge = Number(/max-age=(\d+)/.exec(res.headers.get("cache-control") ?? "")?.[1]);
    expect(maxAge).toBeGreaterThan(2 * 86_400 - 120);
    expect(maxAge).toBeLessThanOrEqual(2 * 86_400);
    await res.arrayBuffer();
  });

  it("after expiry: /cdn answers 410 output_expired as JSON, the record says expired, the sweep deletes the files", async () => {
    const files = [`${expiring.id}.mp4`, `${expiring.id}.jpg`].map(storedPath);
    const visible = files[0] ? await exists(files[0]) : false;
    await db().generation.update({ where: { id: expiring.id }, data: { expiresAt: new Date(Date.now() - 1000) } });

    for (const url of [expiring.output[0].url, expiring.output[0].poster_url]) {
      const res = await fetch(url);
      expect(res.status, url).toBe(410);
      expect(res.headers.get("content-type")).toContain("application/json");
      const { error } = await res.json();
      expect(error).toMatchObject({
        code: "output_expired",
        type: "not_found_error",
        doc_url: `${BASE_URL}/errors#output_expired`,
      });
      expect(error.request_id).toMatch(/^req_/);
    }

    const record = await (await acct.call("/api/v1/videos/result", { method: "POST", json: { id: expiring.id } })).json();
    expect(record.status).toBe("completed");
    expect(record.output[0]).toMatchObject({ url: expiring.output[0].url, expires_at: expect.any(String), expired: true });
    // The SDK's download raises the typed error and leaves no file behind.
    const target = path.join(await mkdtemp(path.join(os.tmpdir(), "expired-")), "clip.mp4");
    const failed = await new Vgen({ apiKey: acct.key, baseUrl: BASE_URL }).download(record, target).catch((e) => e);
    expect(failed).toBeInstanceOf(OutputExpiredError);
    expect(failed).toBeInstanceOf(NotFoundError);
    expect(failed).toMatchObject({ status: 410, code: "output_expired" });
    expect(await exists(target)).toBe(false);
    const list = await (await acct.call("/api/v1/videos/generations?limit=5")).json();
    expect(list.data.find((r: { id: string }) => r.id === expiring.id).output[0].expired).toBe(true);

    // The workers' sweep (every 10 s) deletes the MP4 and poster and marks the row once.
    const until = Date.now() + 45_000;
    let row = await db().generation.findUniqueOrThrow({ where: { id: expiring.id } });
    while (!row.outputDeletedAt && Date.now() < until) {
      await new Promise((r) => setTimeout(r, 500));
      row = await db().generation.findUniqueOrThrow({ where: { id: expiring.id } });
    }
    expect(row.outputDeletedAt).not.toBeNull();
    if (visible) for (const file of files) expect(await exists(file!), file!).toBe(false);
    expect((await fetch(expiring.output[0].url)).status).toBe(410);

    // The other output is untouched.
    const other = await fetch(kept.output[0].url);
    expect(other.status).toBe(200);
    await other.arrayBuffer();
    const otherRecord = await (await acct.call("/api/v1/videos/result", { method: "POST", json: { id: kept.id } })).json();
    expect(otherRecord.output[0].expired).toBe(false);
  });
});
