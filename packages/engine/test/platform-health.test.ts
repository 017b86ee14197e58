import { newId } from "@vgen/db";
import { describe, expect, it } from "vitest";
import { accountsOffLedger, mailOutboxBacklog, recentRouteAttempts, routeBreakers } from "../src/observability/platform-health";
import { useTestDb } from "./helpers/test-db";

const db = useTestDb();

/**
 * Each case runs in a repeatable-read transaction that is rolled back: the figures are platform-wide,
 * so the snapshot keeps other suites' rows on this database from moving them between two reads.
 */
class Rollback extends Error {}
async function inSnapshot(fn: (tx: Parameters<Parameters<ReturnType<typeof db>["$transaction"]>[0]>[0]) => Promise<void>) {
  await db()
    .$transaction(
      async (tx) => {
        await fn(tx);
        throw new Rollback();
      },
      { isolationLevel: "RepeatableRead" },
    )
    .catch((err) => {
      if (!(err instanceof Rollback)) throw err;
    });
}

describe("platform health figures (the alerting gauges)", () => {
  it("counts an account whose balance moved without a ledger entry, and not once the entry exists", async () => {
    await inSnapshot(async (tx) => {
      const before = await accountsOffLedger(tx);
      const id = newId("acct");
      await tx.account.create({
        data: { id, email: `${id}@example.test`, webhookSecret: "whsec_test", balanceMicros: 5_000_000n },
      });
      expect(await accountsOffLedger(tx)).toBe(before + 1);
      await tx.ledgerEntry.create({
        data: {
          id: newId("led"),
          accountId: id,
          type: "top_up",
          amountMicros: 5_000_000n,
          balanceAfterMicros: 5_000_000n,
          reference: "t",
        },
      });
      expect(await accountsOffLedger(tx)).toBe(before);
    });
  });

  it("reports each enabled route's breaker state and its recent attempts, none for a disabled route", async () => {
    await inSnapshot(async (tx) => {
      const modelId = `health-${newId("rte").slice(4, 14)}`;
      await tx.catalogModel.create({
        data: {
          id: modelId,
          purpose: "health gauges test",
          purposeRu: "тест показателей здоровья",
          priceMicrosPerSecond: 100_000n,
          rateLimitQps: 10,
          minChargeSeconds: 1,
          queue: "standard",
          sizes: ["720p"],
          minDuration: 1,
          maxDuration: 8,
          defaultDuration: 4,
        },
      });
      const route = (position: number, enabled: boolean) => ({
        id: newId("rte"),
        modelId,
        position,
        provider: "veo",
        maxConcurrency: 1,
        enabled,
        breakerState: "open" as const,
      });
      const open = route(0, true);
      const disabled = route(1, false);
      await tx.modelRoute.createMany({ data: [open, disabled] });
      const breakers = (await routeBreakers(tx)).filter((r) => r.model === modelId);
      expect(breakers).toEqual([{ route: open.id, model: modelId, provider: "veo", state: "open" }]);
      const attempts = (await recentRouteAttempts(tx)).filter((r) => r.model === modelId);
      expect(attempts).toEqual([{ route: open.id, model: modelId, provider: "veo", attempts: 0, failures: 0 }]);
    });
  });

  it("counts queued emails and the age of the oldest, not sent ones", async () => {
    await inSnapshot(async (tx) => {
      const before = await mailOutboxBacklog(tx);
      const mail = (status: "queued" | "sent", minutesAgo: number) => ({
        id: newId("req"),
        to: "someone@example.test",
        subject: "s",
        text: "t",
        kind: "password_reset" as const,
        status,
        createdAt: new Date(Date.now() - minutesAgo * 60_000),
      });
      await tx.outboundEmail.createMany({ data: [mail("queued", 1), mail("queued", 2), mail("sent", 500)] });
      const after = await mailOutboxBacklog(tx);
      expect(after.queued).toBe(before.queued + 2);
      expect(after.oldestSeconds).toBeGreaterThanOrEqual(Math.max(before.oldestSeconds, 119));
    });
  });
});
