// The engine reads the dashboard's tRPC handlers use instead of querying Prisma themselves.
import { describe, expect, it } from "vitest";
import { testDatabaseUrl, useTestDb } from "./helpers/test-db";

describe.skipIf(!testDatabaseUrl)("dashboard reads", () => {
  const db = useTestDb(2);

  async function newAccount(label: string) {
    const { createAccount } = await import("../src/accounts/index");
    return createAccount(db(), { email: `${label}-${Date.now()}-${Math.random()}@example.test` });
  }

  it("getAccount returns the account's own fields and none of its secrets", async () => {
    const { getAccount } = await import("../src/accounts/index");
    const account = await newAccount("reads-get");
    const view = await getAccount(db(), account.id);
    expect(view).toMatchObject({ id: account.id, email: account.email, balanceMicros: 0n, status: "active" });
    for (const secret of ["passwordHash", "webhookSecret", "totpSecret"]) expect(view).not.toHaveProperty(secret);
  });

  it("counts, lists and labels keys of the account only", async () => {
    const { countActiveApiKeys, findApiKeyLabel, issueApiKey, listApiKeyLabels, revokeApiKey } = await import(
      "../src/accounts/index"
    );
    const owner = await newAccount("reads-keys");
    const other = await newAccount("reads-other");
    const live = await issueApiKey(db(), owner.id, "live one");
    await issueApiKey(db(), owner.id, "test one", undefined, { livemode: false });
    const revoked = await issueApiKey(db(), owner.id, "revoked one");
    await revokeApiKey(db(), owner.id, revoked.record.id);
    const foreign = await issueApiKey(db(), other.id, "someone else's");

    expect(await countActiveApiKeys(db(), owner.id)).toBe(2);
    expect(await countActiveApiKeys(db(), owner.id, true)).toBe(1);
    expect(await countActiveApiKeys(db(), owner.id, false)).toBe(1);
    expect((await listApiKeyLabels(db(), owner.id)).map((k) => k.name)).toEqual(["live one", "test one", "revoked one"]);
    expect(await findApiKeyLabel(db(), owner.id, live.record.id)).toMatchObject({ name: "live one", revokedAt: null });
    expect(await findApiKeyLabel(db(), owner.id, foreign.record.id)).toBeNull();
  });

  it("lists every catalog model id in catalog order and reads the webhook secret", async () => {
    const { listModelIds } = await import("../src/catalog/index");
    const { getWebhookSecret, rotateWebhookSecret } = await import("../src/delivery/index");
    const models = await db().catalogModel.findMany({ orderBy: { sortOrder: "asc" } });
    expect(await listModelIds(db())).toEqual(models.map((m) => m.id));
    const account = await newAccount("reads-secret");
    const rotated = await rotateWebhookSecret(db(), account.id);
    expect(await getWebhookSecret(db(), account.id)).toBe(rotated);
  });
});
