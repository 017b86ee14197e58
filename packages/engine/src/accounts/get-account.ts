import type { Db } from "@vgen/db";

/** An account's own fields as the dashboard shows and uses them: no password hash, second factor or signing secret. */
export function getAccount(db: Db, accountId: string) {
  return db.account.findUniqueOrThrow({
    where: { id: accountId },
    select: {
      id: true,
      email: true,
      name: true,
      role: true,
      status: true,
      emailVerifiedAt: true,
      balanceMicros: true,
      retentionDays: true,
      createdAt: true,
    },
  });
}
