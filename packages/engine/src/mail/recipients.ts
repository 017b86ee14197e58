// Who reads the emails about an account. A person account is its own reader; an organization has no
// address of its own, so its mail goes to each of its owners, in each owner's language.
import type { DbOrTx, MailKind } from "@vgen/db";

export interface Recipient {
  /** The person the message goes to (the account itself, or an owner of the organization). */
  personId: string;
  email: string;
  locale: string;
  /** Optional notices this person turned off. */
  mutedNotifications: MailKind[];
}

const PERSON = { id: true, email: true, locale: true, mutedNotifications: true, deletedAt: true } as const;

/**
 * The people to email about `accountId`: the account itself when it has an address (a person),
 * else every owner of the organization who is a person still signed up. Empty for a deleted account.
 */
export async function recipientsOf(db: DbOrTx, accountId: string): Promise<Recipient[]> {
  const account = await db.account.findUnique({
    where: { id: accountId },
    select: {
      ...PERSON,
      members: { where: { role: "owner" }, orderBy: { createdAt: "asc" }, select: { member: { select: PERSON } } },
    },
  });
  if (!account || account.deletedAt) return [];
  const people = account.email !== null ? [account] : account.members.map((m) => m.member);
  return people.flatMap((p) =>
    p.email !== null && !p.deletedAt
      ? [{ personId: p.id, email: p.email, locale: p.locale, mutedNotifications: p.mutedNotifications }]
      : [],
  );
}

/**
 * A person row, typed as having its address. Sign-in, password, two-factor and email-change flows
 * only ever load people (an organization has no login), so a missing address is a broken invariant.
 */
export function asPerson<T extends { email: string | null }>(row: T): T & { email: string } {
  if (row.email === null) throw new Error("expected a person account (with an email), got an organization");
  return row as T & { email: string };
}
