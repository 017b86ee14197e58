// Deadlines (docs/api.md#deadlines): bounds and the earlier-wins rule, and the sweeper that cancels
// an overdue generation once, releases its hold, says why in the record and sends its webhook.
import { describe, expect, it } from "vitest";
import { deadlineFor } from "../src/generations/deadlines";
import { useFundedAccounts } from "./helpers/funded-accounts";
import { testDatabaseUrl, useTestDb } from "./helpers/test-db";

describe("deadlineFor", () => {
  const now = new Date("2026-11-23T10:00:00Z");

  it("takes the body's deadline or Cancel-After, the earlier of the two", () => {
    expect(deadlineFor(now, undefined, null)).toBeNull();
    expect(deadlineFor(now, "2026-11-23T10:05:00Z", null)).toEqual(new Date("2026-11-23T10:05:00Z"));
    expect(deadlineFor(now, "2026-11-23T13:05:00+03:00", null)).toEqual(new Date("2026-11-23T10:05:00Z"));
    expect(deadlineFor(now, undefined, 90)).toEqual(new Date("2026-11-23T10:01:30Z"));
    expect(deadlineFor(now, "2026-11-23T10:05:00Z", 90)).toEqual(new Date("2026-11-23T10:01:30Z"));
    expect(deadlineFor(now, "2026-11-23T10:00:30Z", 600)).toEqual(new Date("2026-11-23T10:00:30Z"));
  });

  it("refuses a deadline under 5 s or over 24 h away, naming the parameter", () => {
    expect(() => deadlineFor(now, "2026-11-23T10:00:04Z", null)).toThrow(expect.objectContaining({ param: "deadline" }));
    expect(() => deadlineFor(now, "2026-11-23T09:00:00Z", null)).toThrow(expect.objectContaining({ code: "invalid_parameter" }));
    expect(() => deadlineFor(now, "2026-11-24T10:00:01Z", null)).toThrow(expect.objectContaining({ param: "deadline" }));
    expect(() => deadlineFor(now, undefined, 4)).toThrow(expect.objectContaining({ param: "Cancel-After" }));
    expect(() => deadlineFor(now, undefined, 86_401)).toThrow(expect.objectContaining({ param: "Cancel-After" }));
    expect(deadlineFor(now, undefined, 86_400)).toEqual(new Date("2026-11-24T10:00:00Z"));
  });
});

describe.skipIf(!testDatabaseUrl)("the deadline sweeper", () => {
  const db = useTestDb(6);
  const funded = useFundedAccounts(db, "deadline");

  it("cancels an overdue generation once, releases its hold, says why, and queues generation.canceled", async () => {
    const { createGeneration, recordOf } = await import("../src/generations/index");
    const { cancelOverdueGenerations } = await import("../src/generations/worker/sweeps/deadlines");
    const { findEnabledModel } = await import("../src/catalog/index");
    const account = await funded(10_000_000n);
    const model = await findEnabledModel(db(), "gen-3-1080");
    const body = { model: model.id, prompt: "a slow sunrise", duration: 4, webHook: "https://hooks.example.test/vgen" };
    const gen = await createGeneration(db(), { account, apiKeyId: null, model, body, cancelAfterSeconds: 30 });
    const untimed = await createGeneration(db(), { account, apiKeyId: null, model, body: { ...body, webHook: undefined } });
    expect(gen.deadlineAt?.getTime()).toBe(gen.createdAt.getTime() + 30_000);
    expect((await db().generation.findUniqueOrThrow({ where: { id: gen.id } })).deadlineAt).toEqual(gen.deadlineAt);

    // Not yet due: nothing happens.
    await cancelOverdueGenerations(db());
    expect((await db().generation.findUniqueOrThrow({ where: { id: gen.id } })).status).toBe("processing");

    await db().generation.update({ where: { id: gen.id }, data: { deadlineAt: new Date(Date.now() - 1000) } });
    const [first, second] = await Promise.all([cancelOverdueGenerations(db()), cancelOverdueGenerations(db())]);
    expect((first ?? 0) + (second ?? 0)).toBeGreaterThanOrEqual(1);

    const after = await db().generation.findUniqueOrThrow({ where: { id: gen.id } });
    expect(after).toMatchObject({ status: "canceled", errorCode: "deadline_exceeded" });
    const record = await recordOf(db(), after);
    expect(record.status).toBe("canceled");
    expect(record.error?.code).toBe("deadline_exceeded");
    expect(record.error?.message).toContain("deadline");
    const ledger = await db().ledgerEntry.findMany({ where: { generationId: gen.id }, orderBy: { createdAt: "asc" } });
    expect(ledger.map((e) => [e.type, e.amountMicros])).toEqual([
      ["hold", -gen.costMicros],
      ["hold_release", gen.costMicros],
    ]);
    const deliveries = await db().webhookDelivery.findMany({ where: { generationId: gen.id } });
    expect(deliveries.map((d) => d.eventType)).toEqual(["generation.canceled"]);
    expect((deliveries[0]!.payload as { data: { error?: { code: string } } }).data.error?.code).toBe("deadline_exceeded");

    // A generation without a deadline is untouched; a canceled one without a reason shows none.
    expect((await db().generation.findUniqueOrThrow({ where: { id: untimed.id } })).status).toBe("processing");
    const { cancelGeneration } = await import("../src/generations/index");
    const byCaller = await cancelGeneration(db(), account.id, untimed.id);
    expect((await recordOf(db(), byCaller)).error).toBeUndefined();
  });
});
