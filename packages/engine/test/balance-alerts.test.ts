// Balance alerts against the database: the low-balance trigger (once per crossing, judged at commit,
// re-armed by a top-up), the monthly spend check at charge time (once per month), concurrent
// crossings alerting once, and the drain (one email, one signed delivery per subscribed endpoint).
import type { Db } from "@vgen/db";
import { Webhook } from "standardwebhooks";
import { describe, expect, it } from "vitest";
import { useFundedAccounts } from "./helpers/funded-accounts";
import { testDatabaseUrl, useTestDb } from "./helpers/test-db";
import { useWebhookReceiver } from "./helpers/webhook-receiver";

describe.skipIf(!testDatabaseUrl)("balance alerts", () => {
  const db = useTestDb(8);
  const funded = useFundedAccounts(db, "alerts");
  const hook = useWebhookReceiver();
  const received = hook.received;

  const engine = async () => ({
    ...(await import("../src/generations/index")),
    ...(await import("../src/catalog/index")),
    ...(await import("../src/billing/index")),
    ...(await import("../src/delivery/index")),
    ...(await import("../src/alerts/index")),
  });

  async function generation(accountId: string) {
    const { createGeneration, findEnabledModel } = await engine();
    const model = await findEnabledModel(db(), "gen-3.1-fast");
    return createGeneration(db(), {
      account: { id: accountId, status: "active" },
      apiKeyId: null,
      model,
      body: { model: model.id, prompt: "alerts", duration: 1, size: "720p" },
    });
  }

  const alertsOf = (accountId: string, kind: "balance_low" | "spend_threshold_reached") =>
    db().alertEvent.findMany({ where: { accountId, kind }, orderBy: { id: "asc" } });
  const accountOf = (id: string) => db().account.findUniqueOrThrow({ where: { id } });

  async function topUp(accountId: string, amountMicros: bigint) {
    const { creditAccount } = await engine();
    await creditAccount(db(), { accountId, amountMicros, type: "top_up", reason: "test", actor: "test" });
  }

  it("alerts once when a hold takes the balance below the threshold, not again while below, not on the completion", async () => {
    const { setAlertSettings, completeGeneration } = await engine();
    const account = await funded(10_000_000n);
    await setAlertSettings(db(), account.id, { lowBalanceThresholdMicros: 10_000_000n, monthlySpendThresholdMicros: null });

    const first = await generation(account.id);
    const alerts = await alertsOf(account.id, "balance_low");
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({
      thresholdMicros: 10_000_000n,
      balanceMicros: 10_000_000n - first.costMicros,
      processedAt: null,
    });
    expect((await accountOf(account.id)).lowBalanceAlertedAt).not.toBeNull();

    // The completion releases the hold (back to the threshold) and then charges, in one
    // transaction: judged at commit, the balance never came back, so nothing re-arms or repeats.
    await completeGeneration(db(), first.id);
    expect(await alertsOf(account.id, "balance_low")).toHaveLength(1);
    expect((await accountOf(account.id)).lowBalanceAlertedAt).not.toBeNull();
    // Still below: another hold and its completion.
    const second = await generation(account.id);
    await completeGeneration(db(), second.id);
    expect(await alertsOf(account.id, "balance_low")).toHaveLength(1);
  });

  it("re-arms when a top-up brings the balance back to the threshold, and the next crossing alerts again", async () => {
    const { setAlertSettings } = await engine();
    const account = await funded(10_000_000n);
    await setAlertSettings(db(), account.id, { lowBalanceThresholdMicros: 10_000_000n, monthlySpendThresholdMicros: null });
    const first = await generation(account.id);
    expect(await alertsOf(account.id, "balance_low")).toHaveLength(1);

    // A top-up that leaves it still below keeps it alerted; one that reaches the threshold re-arms.
    await topUp(account.id, first.costMicros - 1n);
    expect((await accountOf(account.id)).lowBalanceAlertedAt).not.toBeNull();
    await topUp(account.id, 1n);
    expect((await accountOf(account.id)).lowBalanceAlertedAt).toBeNull();
    expect(await alertsOf(account.id, "balance_low")).toHaveLength(1);

    await generation(account.id);
    expect(await alertsOf(account.id, "balance_low")).toHaveLength(2);
  });

  it("re-arms a changed threshold (alerting at the next balance change if already below) but not the same one saved again", async () => {
    const { setAlertSettings } = await engine();
    const account = await funded(10_000_000n);
    await setAlertSettings(db(), account.id, { lowBalanceThresholdMicros: 10_000_000n, monthlySpendThresholdMicros: null });
    await generation(account.id);
    await setAlertSettings(db(), account.id, { lowBalanceThresholdMicros: 10_000_000n, monthlySpendThresholdMicros: null });
    await generation(account.id);
    expect(await alertsOf(account.id, "balance_low")).toHaveLength(1);

    await setAlertSettings(db(), account.id, { lowBalanceThresholdMicros: 20_000_000n, monthlySpendThresholdMicros: null });
    expect((await accountOf(account.id)).lowBalanceAlertedAt).toBeNull();
    await generation(account.id);
    const alerts = await alertsOf(account.id, "balance_low");
    expect(alerts).toHaveLength(2);
    expect(alerts[1]!.thresholdMicros).toBe(20_000_000n);
  });

  it("does nothing for an account without a threshold, and refuses a threshold of zero", async () => {
    const { setAlertSettings } = await engine();
    const account = await funded(10_000_000n);
    await generation(account.id);
    expect(await db().alertEvent.count({ where: { accountId: account.id } })).toBe(0);
    await expect(
      setAlertSettings(db(), account.id, { lowBalanceThresholdMicros: 0n, monthlySpendThresholdMicros: null }),
    ).rejects.toMatchObject({ code: "invalid_parameter", param: "lowBalanceThreshold" });
  });

  it("two concurrent holds crossing the threshold alert once", async () => {
    const { setAlertSettings } = await engine();
    const account = await funded(10_000_000n);
    await setAlertSettings(db(), account.id, { lowBalanceThresholdMicros: 10_000_000n, monthlySpendThresholdMicros: null });
    await Promise.all([generation(account.id), generation(account.id), generation(account.id)]);
    expect(await alertsOf(account.id, "balance_low")).toHaveLength(1);
  });

  it("alerts once per month when the month's charges reach the spend threshold", async () => {
    const { setAlertSettings, completeGeneration } = await engine();
    const account = await funded(50_000_000n);
    const first = await generation(account.id);
    const second = await generation(account.id);
    const third = await generation(account.id);
    // Reached exactly by the second charge.
    await setAlertSettings(db(), account.id, {
      lowBalanceThresholdMicros: null,
      monthlySpendThresholdMicros: 2n * first.costMicros,
    });

    await completeGeneration(db(), first.id);
    expect(await alertsOf(account.id, "spend_threshold_reached")).toHaveLength(0);
    await completeGeneration(db(), second.id);
    const month = new Date().toISOString().slice(0, 7);
    const alerts = await alertsOf(account.id, "spend_threshold_reached");
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({ month, spendMicros: 2n * first.costMicros, thresholdMicros: 2n * first.costMicros });
    expect((await accountOf(account.id)).spendAlertedMonth).toBe(month);

    await completeGeneration(db(), third.id);
    expect(await alertsOf(account.id, "spend_threshold_reached")).toHaveLength(1);

    // Last month's alert does not silence this month's.
    await db().account.update({ where: { id: account.id }, data: { spendAlertedMonth: "2000-01" } });
    const fourth = await generation(account.id);
    await completeGeneration(db(), fourth.id);
    expect(await alertsOf(account.id, "spend_threshold_reached")).toHaveLength(2);
  });

  it("two concurrent charges crossing the spend threshold alert once", async () => {
    const { setAlertSettings, completeGeneration } = await engine();
    const account = await funded(50_000_000n);
    const gens = await Promise.all([generation(account.id), generation(account.id), generation(account.id)]);
    await setAlertSettings(db(), account.id, { lowBalanceThresholdMicros: null, monthlySpendThresholdMicros: 1n });
    await Promise.all(gens.map((g) => completeGeneration(db(), g.id)));
    expect(await alertsOf(account.id, "spend_threshold_reached")).toHaveLength(1);
  });

  it("drains an alert into one email and one signed delivery per subscribed enabled endpoint, once", async () => {
    const { setAlertSettings, createEndpoint, updateEndpoint, drainAlertEvents, processWebhookJob } = await engine();
    const account = await funded(10_000_000n);
    const a = await createEndpoint(db(), account.id, { url: `${hook.base}/a`, description: "", events: ["account.balance_low"] });
    const b = await createEndpoint(db(), account.id, {
      url: `${hook.base}/b`,
      description: "",
      events: ["generation.completed", "account.balance_low", "account.spend_threshold_reached"],
    });
    await createEndpoint(db(), account.id, { url: `${hook.base}/c`, description: "", events: ["generation.completed"] });
    const off = await createEndpoint(db(), account.id, {
      url: `${hook.base}/d`,
      description: "",
      events: ["account.balance_low"],
    });
    await updateEndpoint(db(), account.id, off.endpoint.id, { enabled: false });
    await setAlertSettings(db(), account.id, { lowBalanceThresholdMicros: 10_000_000n, monthlySpendThresholdMicros: null });
    const gen = await generation(account.id);

    await drainUntilDone(drainAlertEvents, db());
    const [alert] = await alertsOf(account.id, "balance_low");
    expect(alert!.processedAt).not.toBeNull();
    const mails = await db().outboundEmail.findMany({ where: { accountId: account.id, kind: "balance_low" } });
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to).toBe(account.email);
    expect(mails[0]!.subject).toBe("Your vgen balance is below $10.00");
    expect(mails[0]!.text).toContain(`It was $${((10_000_000 - Number(gen.costMicros)) / 1e6).toFixed(2)} then`);
    expect(mails[0]!.text).toContain("/dashboard/invoices");

    const deliveries = await db().webhookDelivery.findMany({
      where: { accountId: account.id, eventType: "account.balance_low" },
    });
    expect(deliveries.map((d) => d.endpointId).sort()).toEqual([a.endpoint.id, b.endpoint.id].sort());
    expect(deliveries.every((d) => d.generationId === null)).toBe(true);

    // A second pass finds nothing to send.
    await drainAlertEvents(db());
    expect(await db().outboundEmail.count({ where: { accountId: account.id, kind: "balance_low" } })).toBe(1);
    expect(await db().webhookDelivery.count({ where: { accountId: account.id, eventType: "account.balance_low" } })).toBe(2);

    // What endpoint A receives is signed with its own secret and says what crossed.
    const toA = deliveries.find((d) => d.endpointId === a.endpoint.id)!;
    const before = received.length;
    expect(await processWebhookJob(db(), { deliveryId: toA.id, attempt: 1 })).toBe("delivered");
    const got = received.slice(before);
    expect(got).toHaveLength(1);
    const headers = Object.fromEntries(
      ["webhook-id", "webhook-timestamp", "webhook-signature"].map((h) => [h, String(got[0]!.headers[h])]),
    );
    const body = new Webhook(a.secret).verify(got[0]!.body, headers) as { type: string; data: Record<string, string> };
    expect(body).toEqual({
      type: "account.balance_low",
      data: {
        account_id: account.id,
        threshold: "$10.000",
        balance: `$${((10_000_000 - Number(gen.costMicros)) / 1e6).toFixed(3)}`,
        created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/),
      },
    });
  });

  it("drains a spend alert into its email and the spend event", async () => {
    const { setAlertSettings, createEndpoint, completeGeneration, drainAlertEvents } = await engine();
    const account = await funded(10_000_000n);
    await createEndpoint(db(), account.id, {
      url: `${hook.base}/s`,
      description: "",
      events: ["account.spend_threshold_reached"],
    });
    await setAlertSettings(db(), account.id, { lowBalanceThresholdMicros: null, monthlySpendThresholdMicros: 10_000n });
    const gen = await generation(account.id);
    await completeGeneration(db(), gen.id);
    await drainUntilDone(drainAlertEvents, db());

    const month = new Date().toISOString().slice(0, 7);
    const [mail] = await db().outboundEmail.findMany({ where: { accountId: account.id, kind: "spend_threshold_reached" } });
    expect(mail!.subject).toBe("Your vgen spend this month reached $0.01");
    expect(mail!.text).toContain(`in ${month} (UTC`);
    const [delivery] = await db().webhookDelivery.findMany({ where: { accountId: account.id } });
    expect(delivery!.eventType).toBe("account.spend_threshold_reached");
    expect(delivery!.payload).toMatchObject({
      type: "account.spend_threshold_reached",
      data: { account_id: account.id, month, threshold: "$0.010", spend: `$${(Number(gen.costMicros) / 1e6).toFixed(3)}` },
    });
  });
});

/** Other suites' alerts may share the outbox: drain until a pass finds none. */
async function drainUntilDone(drain: (db: Db) => Promise<number>, db: Db) {
  while ((await drain(db)) > 0) {
    /* next batch */
  }
}
