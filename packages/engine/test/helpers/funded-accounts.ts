import { afterAll, afterEach } from "vitest";
import { isId } from "@vgen/contracts";
import type { Db } from "@vgen/db";

/**
 * Accounts a suite creates and funds. After each test their processing generations are canceled,
 * so no job is left for a worker another suite starts on this database; after the suite the queue
 * and the event hub the create path opened are closed.
 */
export function useFundedAccounts(db: () => Db, emailTag: string) {
  const accounts: string[] = [];
  afterEach(async () => {
    const { cancelGeneration } = await import("../../src/generations/index");
    const open = await db().generation.findMany({ where: { accountId: { in: accounts }, status: "processing" } });
    for (const g of open) if (isId("acct", g.accountId)) await cancelGeneration(db(), g.accountId, g.id).catch(() => {});
  });
  afterAll(async () => {
    const { stopBoss } = await import("../../src/platform/index");
    const { generationEvents } = await import("../../src/generations/index");
    await generationEvents().close();
    await stopBoss();
  });
  return async function funded(amountMicros: bigint) {
    const { createAccount } = await import("../../src/accounts/index");
    const { creditAccount } = await import("../../src/billing/index");
    const account = await createAccount(db(), { email: `${emailTag}-${Date.now()}-${Math.random()}@example.test` });
    accounts.push(account.id);
    if (amountMicros > 0n)
      await creditAccount(db(), { accountId: account.id, amountMicros, type: "top_up", reason: "test", actor: "test" });
    return account;
  };
}
