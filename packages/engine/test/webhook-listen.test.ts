// `vgen listen` sessions against the database: a session is one more destination of the account's
// events (its types, its mode, while recently seen), signed with its own secret, taken once, and
// resumable with the same secret by the same key only; a resend puts a delivery back on the stream.
import type { Db } from "@vgen/db";
import { Webhook } from "standardwebhooks";
import { describe, expect, it } from "vitest";
import { useFundedAccounts } from "./helpers/funded-accounts";
import { testDatabaseUrl, useTestDb } from "./helpers/test-db";

describe.skipIf(!testDatabaseUrl)("listen sessions", () => {
  const db = useTestDb(8);
  const funded = useFundedAccounts(db, "listen");

  const engine = async () => ({
    ...(await import("../src/generations/index")),
    ...(await import("../src/delivery/index")),
    ...(await import("../src/catalog/index")),
  });

  async function session(database: Db, accountId: string, events: string[] = [], apiKeyId = "key_listen") {
    const { openListenSession } = await engine();
    return openListenSession(database, { accountId, apiKeyId, livemode: true, events });
  }

  it("gets the account's events of its types, signed with its own secret, each once, with the body and headers kept", async () => {
    const { createGeneration, findEnabledModel, completeGeneration, takeListenEvents } = await engine();
    const account = await funded(5_000_000n);
    // Generation events reach the sessions of keys of the generation's project (the default one here) only.
    const { issueApiKey } = await import("../src/accounts/index");
    const { createProject } = await import("../src/projects/index");
    const { record: key } = await issueApiKey(db(), account.id, "listen");
    const listener = await session(db(), account.id, ["generation.completed"], key.id);
    const elsewhere = await createProject(db(), account.id, {
      name: "other",
      monthlySpendCapMicros: null,
      rateLimitShare: 100,
      allowedModels: [],
    });
    const { record: otherKey } = await issueApiKey(db(), account.id, "other", undefined, {
      livemode: true,
      projectId: elsewhere.id,
    });
    const otherProject = await session(db(), account.id, ["generation.completed"], otherKey.id);
    expect(listener.secret).toMatch(/^whsec_/);
    const model = await findEnabledModel(db(), "gen-3.1-fast");
    const gen = await createGeneration(db(), {
      account: { id: account.id, status: "active" },
      apiKeyId: null,
      model,
      body: { model: model.id, prompt: "listen", duration: 1, size: "720p" },
    });
    await completeGeneration(db(), gen.id);

    const events = await takeListenEvents(db(), listener);
    expect(events.map((e) => e.type)).toEqual(["generation.completed"]);
    const [event] = events;
    const verified = new Webhook(listener.secret).verify(event!.body, { ...event!.headers }) as { data: { id: string } };
    expect(verified.data.id).toBe(gen.id);
    expect(event!.headers["webhook-id"]).toBe(event!.id);
    expect(await takeListenEvents(db(), listener)).toEqual([]);
    expect(await takeListenEvents(db(), otherProject)).toEqual([]);

    const delivery = await db().webhookDelivery.findUniqueOrThrow({ where: { id: event!.id }, include: { attempts: true } });
    expect(delivery).toMatchObject({ status: "delivered", listenSessionId: listener.id, body: event!.body, endpointId: null });
    expect(delivery.attempts.map((a) => a.requestHeaders)).toEqual([{ ...event!.headers }]);
  });

  it("leaves out other accounts, stale sessions and unsubscribed types; a sample event reaches the rest", async () => {
    const { takeListenEvents, triggerSampleEvent } = await engine();
    const [a, b] = [await funded(0n), await funded(0n)];
    const all = await session(db(), a.id);
    const onlyFailed = await session(db(), a.id, ["generation.failed"]);
    const stale = await session(db(), a.id);
    await db().webhookListenSession.update({ where: { id: stale.id }, data: { lastSeenAt: new Date(Date.now() - 120_000) } });
    const other = await session(db(), b.id);

    const ids = await triggerSampleEvent(db(), a.id, "generation.completed", true);
    expect(ids).toHaveLength(1);
    const [sample] = await takeListenEvents(db(), all);
    expect(sample!.id).toBe(ids[0]);
    const body = JSON.parse(sample!.body) as { type: string; data: { status: string } };
    expect(body).toMatchObject({ type: "generation.completed", data: { status: "completed" } });
    for (const s of [onlyFailed, stale, other]) expect(await takeListenEvents(db(), s)).toEqual([]);
    // Test-mode sessions get no live events.
    expect(await triggerSampleEvent(db(), a.id, "account.balance_low", false)).toEqual([]);
  });

  it("resumes with the same secret for the same key only; a resend goes down the stream again, same id and body", async () => {
    const { openListenSession, resendDelivery, takeListenEvents, triggerSampleEvent } = await engine();
    const account = await funded(0n);
    const first = await session(db(), account.id, [], "key_one");
    const again = await openListenSession(db(), {
      accountId: account.id,
      apiKeyId: "key_one",
      livemode: true,
      events: [],
      resume: first.id,
    });
    expect(again).toEqual(first);
    const stranger = await openListenSession(db(), {
      accountId: account.id,
      apiKeyId: "key_two",
      livemode: true,
      events: [],
      resume: first.id,
    });
    expect(stranger.id).not.toBe(first.id);
    expect(stranger.secret).not.toBe(first.secret);

    await triggerSampleEvent(db(), account.id, "account.balance_low", true);
    const [sent] = await takeListenEvents(db(), first);
    const { attempt } = await resendDelivery(db(), account.id, sent!.id);
    expect(attempt).toBeNull();
    const [resent] = await takeListenEvents(db(), first);
    expect(resent).toMatchObject({ id: sent!.id, type: "account.balance_low", body: sent!.body });
    expect(resent!.headers["webhook-id"]).toBe(sent!.id);
  });
  it("prunes finished deliveries past their retention and stale sessions with theirs; pending and recent ones stay", async () => {
    const { pruneDeliveryLog, takeListenEvents, triggerSampleEvent } = await engine();
    const account = await funded(0n);
    const live = await session(db(), account.id);
    const stale = await session(db(), account.id);
    const DAY = 86_400_000;
    const backdate = (ids: string[], days: number) =>
      db().webhookDelivery.updateMany({ where: { id: { in: ids } }, data: { createdAt: new Date(Date.now() - days * DAY) } });

    await triggerSampleEvent(db(), account.id, "generation.completed", true);
    const oldDelivered = (await takeListenEvents(db(), live)).map((e) => e.id);
    await triggerSampleEvent(db(), account.id, "generation.completed", true);
    const recentDelivered = (await takeListenEvents(db(), live)).map((e) => e.id);
    await triggerSampleEvent(db(), account.id, "generation.completed", true);
    const oldPending = (
      await db().webhookDelivery.findMany({ where: { listenSessionId: live.id, status: "pending" }, select: { id: true } })
    ).map((d) => d.id);
    await backdate([...oldDelivered, ...oldPending], 31);
    const staleDeliveries = (
      await db().webhookDelivery.findMany({ where: { listenSessionId: stale.id }, select: { id: true } })
    ).map((d) => d.id);
    expect([oldDelivered.length, oldPending.length, recentDelivered.length, staleDeliveries.length]).toEqual([1, 1, 1, 3]);
    await db().webhookListenSession.update({ where: { id: stale.id }, data: { lastSeenAt: new Date(Date.now() - 8 * DAY) } });

    await pruneDeliveryLog(db(), { deliveryDays: 30, listenSessionDays: 7 });

    const left = async (ids: string[]) =>
      (await db().webhookDelivery.findMany({ where: { id: { in: ids } }, select: { id: true } })).map((d) => d.id);
    expect(await left(oldDelivered)).toEqual([]);
    expect(await db().webhookAttempt.count({ where: { deliveryId: { in: oldDelivered } } })).toBe(0);
    expect(await left(oldPending)).toEqual(oldPending);
    expect(await left(recentDelivered)).toEqual(recentDelivered);
    expect(await left(staleDeliveries)).toEqual([]);
    expect(await db().webhookListenSession.count({ where: { id: stale.id } })).toBe(0);
    expect(await db().webhookListenSession.count({ where: { id: live.id } })).toBe(1);
  });
});
