// Fair webhook delivery (docs/api.md#delivery-fairness): the scheduler's rules as plain functions,
// then the leases, short timeouts and endpoint circuit against the database. Times are passed in
// (`now`), never waited for.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { WEBHOOK_TEST_EVENT } from "@vgen/contracts";
import { newId, type Prisma } from "@vgen/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postWebhook } from "../src/delivery/deliveries";
import {
  afterAttempt,
  attemptTimeoutMs,
  CIRCUIT_COOLDOWN_MS,
  CIRCUIT_FAILURES,
  CIRCUIT_MIN_FAILING_MS,
  circuitShouldOpen,
  HEALTHY,
  laneConcurrency,
  laneKey,
  WEBHOOK_SLOW_TIMEOUT_MS,
  WEBHOOK_TIMEOUT_MS,
} from "../src/delivery/schedule";
import { useFundedAccounts } from "./helpers/funded-accounts";
import { testDatabaseUrl, useTestDb } from "./helpers/test-db";
import { useWebhookReceiver } from "./helpers/webhook-receiver";

const T0 = new Date("2026-11-27T10:00:00.000Z");
const at = (ms: number) => new Date(T0.getTime() + ms);

describe("scheduler rules", () => {
  it("an endpoint is its own lane; a request's webHook shares one lane per account and origin", () => {
    expect(laneKey({ accountId: "acc_1", endpointId: "we_1", url: "https://a.example/x" })).toBe("ep:we_1");
    const one = laneKey({ accountId: "acc_1", endpointId: null, url: "https://Hooks.Example:8443/a?x=1" });
    expect(one).toBe("req:acc_1:https://hooks.example:8443");
    expect(laneKey({ accountId: "acc_1", endpointId: null, url: "https://hooks.example:8443/other/path" })).toBe(one);
    expect(laneKey({ accountId: "acc_2", endpointId: null, url: "https://hooks.example:8443/a" })).not.toBe(one);
    expect(laneKey({ accountId: "acc_1", endpointId: null, url: "https://hooks.example/a" })).not.toBe(one);
  });

  it("a destination that timed out gets the short timeout and one attempt at a time until it answers", () => {
    expect(attemptTimeoutMs(HEALTHY)).toBe(WEBHOOK_TIMEOUT_MS);
    expect(laneConcurrency(HEALTHY, 2)).toBe(2);
    const slow = afterAttempt(HEALTHY, { ok: false, timedOut: true }, T0);
    expect(attemptTimeoutMs(slow)).toBe(WEBHOOK_SLOW_TIMEOUT_MS);
    expect(WEBHOOK_SLOW_TIMEOUT_MS).toBeLessThan(WEBHOOK_TIMEOUT_MS);
    expect(laneConcurrency(slow, 2)).toBe(1);
    // A quick refusal or an error status is an answer: the long timeout comes back, the failures still count.
    const answered = afterAttempt(slow, { ok: false, timedOut: false }, at(1000));
    expect(answered).toEqual({ failureStreak: 2, failingSince: T0, timeoutStreak: 0 });
    expect(attemptTimeoutMs(answered)).toBe(WEBHOOK_TIMEOUT_MS);
    expect(afterAttempt(answered, { ok: true, timedOut: false }, at(2000))).toEqual(HEALTHY);
    // A probe of a paused endpoint is short and alone whatever the health.
    expect(attemptTimeoutMs(HEALTHY, true)).toBe(WEBHOOK_SLOW_TIMEOUT_MS);
    expect(laneConcurrency(HEALTHY, 2, true)).toBe(1);
  });

  it("the circuit opens after enough failures in a row spanning the minimum time, not on a short burst", () => {
    let h = HEALTHY;
    for (let i = 0; i < CIRCUIT_FAILURES - 1; i++) h = afterAttempt(h, { ok: false, timedOut: false }, at(i * 1000));
    expect(circuitShouldOpen(h, at(CIRCUIT_MIN_FAILING_MS))).toBe(false); // one failure short
    h = afterAttempt(h, { ok: false, timedOut: false }, at(10_000));
    expect(circuitShouldOpen(h, at(10_000))).toBe(false); // a burst within seconds
    expect(circuitShouldOpen(h, at(CIRCUIT_MIN_FAILING_MS))).toBe(true);
    expect(
      circuitShouldOpen(afterAttempt(h, { ok: true, timedOut: false }, at(CIRCUIT_MIN_FAILING_MS)), at(CIRCUIT_MIN_FAILING_MS)),
    ).toBe(false);
  });
});

describe("postWebhook timeout", () => {
  const hanging = http.createServer(() => {}); // accepts, never answers
  let url = "";
  const saved = process.env.ALLOW_PRIVATE_NETWORK_FETCH;
  beforeAll(async () => {
    process.env.ALLOW_PRIVATE_NETWORK_FETCH = "1";
    await new Promise<void>((r) => hanging.listen(0, "127.0.0.1", r));
    url = `http://127.0.0.1:${(hanging.address() as AddressInfo).port}/hook`;
  });
  afterAll(async () => {
    if (saved === undefined) delete process.env.ALLOW_PRIVATE_NETWORK_FETCH;
    else process.env.ALLOW_PRIVATE_NETWORK_FETCH = saved;
    hanging.closeAllConnections();
    await new Promise((r) => hanging.close(r));
  });

  it("gives up after the timeout it is given and says it timed out", async () => {
    const out = await postWebhook(
      { id: "whd_t", url, payload: { type: "webhook.test", data: {} }, body: null },
      "whsec_dGVzdA==",
      300,
    );
    expect(out).toMatchObject({ ok: false, responseStatus: null, timedOut: true });
    expect(out.durationMs).toBeGreaterThanOrEqual(300);
  });
});

describe.skipIf(!testDatabaseUrl)("leases, short timeouts and the endpoint circuit", () => {
  const db = useTestDb(6);
  const funded = useFundedAccounts(db, "fair");
  const hook = useWebhookReceiver();

  const engine = async () => ({
    ...(await import("../src/delivery/index")),
    ...(await import("../src/delivery/lanes")),
  });

  async function endpoint(accountId: string, path = "/ep") {
    const { createEndpoint } = await engine();
    const { endpoint } = await createEndpoint(db(), accountId, { url: `${hook.base}${path}`, description: "", events: [] });
    return endpoint;
  }

  /** A pending test-event delivery row (no job), to an endpoint or to a request's webHook URL. */
  async function delivery(accountId: string, to: { id: string; url: string } | string) {
    const endpointId = typeof to === "string" ? null : to.id;
    return db().webhookDelivery.create({
      data: {
        id: newId("whd"),
        accountId,
        endpointId,
        destination: endpointId ?? "request",
        url: typeof to === "string" ? to : to.url,
        eventType: WEBHOOK_TEST_EVENT,
        payload: { type: WEBHOOK_TEST_EVENT, data: {} } as Prisma.InputJsonValue,
        nextAttemptAt: T0,
      },
    });
  }

  async function settle(
    d: Parameters<Awaited<ReturnType<typeof engine>>["settleSlot"]>[1],
    ok: boolean,
    timedOut: boolean,
    now: Date,
  ) {
    const { settleSlot } = await engine();
    await db().$transaction((tx) => settleSlot(tx, d, { ok, timedOut }, now));
  }

  async function jobsFor(deliveryId: string) {
    const rows = await db().$queryRaw<{ n: number }[]>`
      SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'webhook-deliveries' AND data->>'deliveryId' = ${deliveryId}`;
    return rows[0]!.n;
  }

  it("allows two attempts in flight per destination, and a slot frees when an attempt is recorded", async () => {
    const { claimSlot } = await engine();
    const account = await funded(0n);
    const ep = await endpoint(account.id);
    const [a, b, c] = [await delivery(account.id, ep), await delivery(account.id, ep), await delivery(account.id, ep)];
    expect(await claimSlot(db(), a!, null, T0)).toEqual({ granted: true, timeoutMs: WEBHOOK_TIMEOUT_MS });
    expect((await claimSlot(db(), a!, null, T0)).granted).toBe(false); // the same delivery twice (a re-run job)
    expect((await claimSlot(db(), b!, null, T0)).granted).toBe(true);
    // A queued attempt that finds no slot is parked, with a backstop job; the attempt that frees a slot wakes it.
    expect(await claimSlot(db(), c!, { deliveryId: c!.id, attempt: 1 }, T0)).toEqual({
      granted: false,
      reason: "busy",
      retryAt: at(30_000),
    });
    expect(await db().webhookWait.count({ where: { deliveryId: c!.id } })).toBe(1);
    expect(await jobsFor(c!.id)).toBe(1);
    await settle(a!, true, false, at(500));
    expect(await db().webhookWait.count({ where: { deliveryId: c!.id } })).toBe(0);
    expect(await jobsFor(c!.id)).toBe(2);
    expect((await claimSlot(db(), c!, { deliveryId: c!.id, attempt: 1 }, at(600))).granted).toBe(true);
  });

  it("caps one account's attempts across its destinations; another account is not affected", async () => {
    const { claimSlot } = await engine();
    const a = await funded(0n);
    const b = await funded(0n);
    const toRequest = (accountId: string) => delivery(accountId, `${hook.base}/request-hook`);
    const epA = await endpoint(a.id);
    expect((await claimSlot(db(), await delivery(a.id, epA), null, T0)).granted).toBe(true);
    expect((await claimSlot(db(), await toRequest(a.id), null, T0)).granted).toBe(true);
    // Account A is at its cap of 2: a third destination of its own waits…
    const epA2 = await endpoint(a.id, "/ep2");
    expect(await claimSlot(db(), await delivery(a.id, epA2), null, T0)).toMatchObject({ granted: false, reason: "busy" });
    // …while account B's attempt to the very same receiver goes at once.
    expect((await claimSlot(db(), await toRequest(b.id), null, T0)).granted).toBe(true);
  });

  it("a crashed attempt's lease lapses after its timeout and margin", async () => {
    const { claimSlot } = await engine();
    const account = await funded(0n);
    const ep = await endpoint(account.id);
    const ds = [await delivery(account.id, ep), await delivery(account.id, ep), await delivery(account.id, ep)];
    await claimSlot(db(), ds[0]!, null, T0);
    await claimSlot(db(), ds[1]!, null, T0);
    expect((await claimSlot(db(), ds[2]!, null, at(WEBHOOK_TIMEOUT_MS))).granted).toBe(false);
    expect((await claimSlot(db(), ds[2]!, null, at(WEBHOOK_TIMEOUT_MS + 60_000))).granted).toBe(true);
  });

  it("after a timeout the destination gets the short timeout and one attempt at a time; an answer restores it", async () => {
    const { claimSlot } = await engine();
    const account = await funded(0n);
    const ds = await Promise.all([1, 2, 3].map(() => delivery(account.id, `${hook.base}/slow`)));
    await claimSlot(db(), ds[0]!, null, T0);
    await settle(ds[0]!, false, true, at(WEBHOOK_TIMEOUT_MS));
    expect(await claimSlot(db(), ds[1]!, null, at(WEBHOOK_TIMEOUT_MS))).toEqual({
      granted: true,
      timeoutMs: WEBHOOK_SLOW_TIMEOUT_MS,
    });
    expect((await claimSlot(db(), ds[2]!, null, at(WEBHOOK_TIMEOUT_MS))).granted).toBe(false);
    await settle(ds[1]!, false, false, at(WEBHOOK_TIMEOUT_MS + 100)); // answered 500: not slow any more
    expect(await claimSlot(db(), ds[2]!, null, at(WEBHOOK_TIMEOUT_MS + 200))).toEqual({
      granted: true,
      timeoutMs: WEBHOOK_TIMEOUT_MS,
    });
  });

  it("pauses an endpoint that keeps failing, emails its owner in their language, probes after the cool-down and closes on success", async () => {
    const { claimSlot, getEndpoint } = await engine();
    const account = await funded(0n);
    await db().account.update({ where: { id: account.id }, data: { locale: "ru" } });
    const ep = await endpoint(account.id, "/down");
    const d = await delivery(account.id, ep);
    for (let i = 0; i < CIRCUIT_FAILURES; i++) {
      const now = at((i * CIRCUIT_MIN_FAILING_MS) / (CIRCUIT_FAILURES - 1));
      expect((await claimSlot(db(), d, null, now)).granted).toBe(true);
      await settle(d, false, false, now);
    }
    const pausedAt = at(CIRCUIT_MIN_FAILING_MS);
    const paused = await getEndpoint(db(), account.id, ep.id);
    expect(paused.pausedAt).toEqual(pausedAt);
    expect(paused.probeAt).toEqual(at(CIRCUIT_MIN_FAILING_MS + CIRCUIT_COOLDOWN_MS));
    const mails = await db().outboundEmail.findMany({ where: { accountId: account.id, kind: "webhook_endpoint_paused" } });
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain("приостановлен");
    expect(mails[0]!.text).toContain(`/dashboard/webhooks/endpoints/${ep.id}`);

    // Held until the probe time; then one probe (short timeout), and nothing else meanwhile.
    expect(await claimSlot(db(), d, { deliveryId: d.id, attempt: 1 }, at(CIRCUIT_MIN_FAILING_MS + 1000))).toEqual({
      granted: false,
      reason: "paused",
      retryAt: paused.probeAt,
    });
    const probeTime = paused.probeAt!;
    expect(await claimSlot(db(), d, null, probeTime)).toEqual({ granted: true, timeoutMs: WEBHOOK_SLOW_TIMEOUT_MS });
    const other = await delivery(account.id, ep);
    expect(await claimSlot(db(), other, null, probeTime)).toMatchObject({ granted: false, reason: "paused" });
    // A failed probe keeps it paused (no second email); a successful one closes the circuit.
    await settle(d, false, false, probeTime);
    expect((await getEndpoint(db(), account.id, ep.id)).pausedAt).toEqual(pausedAt);
    const nextProbe = new Date(probeTime.getTime() + CIRCUIT_COOLDOWN_MS);
    expect((await claimSlot(db(), d, null, nextProbe)).granted).toBe(true);
    expect(await jobsFor(other.id)).toBe(0);
    await settle(d, true, false, nextProbe);
    expect(await getEndpoint(db(), account.id, ep.id)).toMatchObject({ pausedAt: null, probeAt: null });
    // The deliveries held meanwhile go now, not at the next probe time.
    expect(await jobsFor(other.id)).toBe(1);
    expect(await db().outboundEmail.count({ where: { accountId: account.id, kind: "webhook_endpoint_paused" } })).toBe(1);
  });

  it("the owner's resume lifts the pause and queues the held deliveries at once", async () => {
    const { resumeEndpoint, claimSlot } = await engine();
    const account = await funded(0n);
    const ep = await endpoint(account.id, "/held");
    const held = await delivery(account.id, ep);
    await db().webhookEndpoint.update({ where: { id: ep.id }, data: { pausedAt: T0, probeAt: at(CIRCUIT_COOLDOWN_MS) } });
    expect((await claimSlot(db(), held, null, at(1000))).granted).toBe(false);
    const resumed = await resumeEndpoint(db(), account.id, ep.id);
    expect(resumed).toMatchObject({ pausedAt: null, probeAt: null });
    expect(await jobsFor(held.id)).toBe(1);
    expect((await claimSlot(db(), held, null, at(2000))).granted).toBe(true);
    // Another account cannot resume it.
    const other = await funded(0n);
    await expect(resumeEndpoint(db(), other.id, ep.id)).rejects.toMatchObject({ code: "resource_not_found" });
  });

  it("a test event to an endpoint at its limit is queued, not sent, and counts against the account", async () => {
    const { sendTestEvent, claimSlot } = await engine();
    const account = await funded(0n);
    const ep = await endpoint(account.id, "/busy");
    const now = new Date();
    await claimSlot(db(), await delivery(account.id, ep), null, now);
    await claimSlot(db(), await delivery(account.id, ep), null, now);
    const before = hook.received.length;
    const sent = await sendTestEvent(db(), account.id, ep.id);
    expect(sent.result).toBe("deferred");
    expect(hook.received.length).toBe(before);
    expect(await jobsFor(sent.deliveryId)).toBe(1);
    const row = await db().webhookDelivery.findUniqueOrThrow({ where: { id: sent.deliveryId } });
    expect(row).toMatchObject({ status: "pending", attemptCount: 0 });
  });

  it("a resend to a destination at its limit is refused with a catalog error, not sent", async () => {
    const { resendDelivery, claimSlot } = await engine();
    const account = await funded(0n);
    const ep = await endpoint(account.id, "/resend");
    const now = new Date();
    const ds = [await delivery(account.id, ep), await delivery(account.id, ep), await delivery(account.id, ep)];
    await claimSlot(db(), ds[0]!, null, now);
    await claimSlot(db(), ds[1]!, null, now);
    await expect(resendDelivery(db(), account.id, ds[2]!.id)).rejects.toMatchObject({ code: "webhook_destination_busy" });
  });
});
