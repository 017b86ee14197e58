import type { Db } from "@vgen/db";

/** BigInt money and counters as JSON numbers (micro-dollars stay far below 2^53). */
function plain<T>(value: T): unknown {
  return JSON.parse(JSON.stringify(value, (_k, v) => (typeof v === "bigint" ? Number(v) : v)));
}

/**
 * "Download my data": everything the account holds, as one JSON document. API keys are metadata
 * only (their hashes are not the owner's data and would only help a guesser); the TOTP secret and
 * password hash are left out for the same reason.
 */
export async function exportAccountData(db: Db, accountId: string) {
  const where = { accountId };
  const [
    profile,
    apiKeys,
    generations,
    ledger,
    invoices,
    requestLog,
    webhookDeliveries,
    subscriptions,
    sessions,
    testBalanceRequests,
  ] = await Promise.all([
    db.account.findUniqueOrThrow({
      where: { id: accountId },
      select: {
        id: true,
        email: true,
        name: true,
        role: true,
        status: true,
        balanceMicros: true,
        emailVerifiedAt: true,
        totpEnabledAt: true,
        createdAt: true,
      },
    }),
    db.apiKey.findMany({
      where,
      orderBy: { createdAt: "asc" },
      select: { id: true, name: true, prefix: true, createdAt: true, lastUsedAt: true, revokedAt: true },
    }),
    db.generation.findMany({
      where,
      orderBy: { createdAt: "asc" },
      select: {
        id: true,
        modelId: true,
        apiKeyId: true,
        status: true,
        prompt: true,
        duration: true,
        size: true,
        aspectRatio: true,
        firstFrameUrl: true,
        lastFrameUrl: true,
        urls: true,
        webhookUrl: true,
        priceMicrosPerSecond: true,
        billedSeconds: true,
        costMicros: true,
        seed: true,
        errorCode: true,
        errorMessage: true,
        n: true,
        outputs: true,
        createdAt: true,
        completedAt: true,
      },
    }),
    db.ledgerEntry.findMany({ where, orderBy: [{ createdAt: "asc" }, { id: "asc" }] }),
    db.invoice.findMany({ where, orderBy: { createdAt: "asc" } }),
    db.requestLog.findMany({ where, orderBy: { createdAt: "asc" } }),
    db.webhookDelivery.findMany({
      where,
      orderBy: { createdAt: "asc" },
      include: { attempts: { orderBy: { attemptNo: "asc" } } },
    }),
    db.subscription.findMany({ where, orderBy: { createdAt: "asc" } }),
    db.authSession.findMany({
      where,
      orderBy: { createdAt: "asc" },
      select: { createdAt: true, lastActiveAt: true, expiresAt: true, revokedAt: true, userAgent: true, ip: true },
    }),
    db.testBalanceRequest.findMany({ where, orderBy: { createdAt: "asc" } }),
  ]);
  return plain({
    exportedAt: new Date(),
    profile: { ...profile, twoFactorEnabled: profile.totpEnabledAt !== null },
    apiKeys,
    generations,
    ledger,
    invoices,
    requestLog,
    webhookDeliveries,
    subscriptions,
    sessions,
    testBalanceRequests,
  }) as Record<string, unknown>;
}
