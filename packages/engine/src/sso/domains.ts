import { ApiError } from "@vgen/contracts";
import { newId, randomBase58, type Db } from "@vgen/db";
import { writeAuditRow } from "../audit";
import { txtRecords } from "./dns-txt";

/** The TXT record's value prefix: `vgen-verify=<token>` on the domain itself. */
const TXT_PREFIX = "vgen-verify=";
/** Lowercase DNS name of at least two labels (no trailing dot, no IP literal). */
const DOMAIN = /^(?=.{4,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,61}[a-z0-9]$/;

const notFound = () => new ApiError("resource_not_found", "This domain is not claimed by this organization.");

/** A domain as typed (any case, a trailing dot, or an email address's part after `@`) in its stored form. */
function normalizeDomain(raw: string): string | null {
  const domain = raw.trim().toLowerCase().replace(/\.$/, "");
  return DOMAIN.test(domain) ? domain : null;
}

function view(row: { id: string; domain: string; token: string; verifiedAt: Date | null }) {
  return {
    id: row.id,
    domain: row.domain,
    verifiedAt: row.verifiedAt,
    txtName: row.domain,
    txtValue: `${TXT_PREFIX}${row.token}`,
  };
}

/** The organization's claimed domains with the TXT record each needs. */
export async function listDomains(db: Db, accountId: string) {
  const rows = await db.orgDomain.findMany({ where: { accountId }, orderBy: { createdAt: "asc" } });
  return rows.map(view);
}

/**
 * Claims a domain for the organization (unverified until its TXT record is seen). Claiming is open to
 * several organizations, so nobody can squat a domain by claiming it first; only verification is exclusive.
 */
export async function claimDomain(db: Db, input: { accountId: string; actorId: string; domain: string }) {
  const domain = normalizeDomain(input.domain);
  if (!domain) throw new ApiError("invalid_parameter", "Enter a domain name such as example.com.", "domain");
  const verifiedElsewhere = await db.orgDomain.findFirst({
    where: { domain, verifiedAt: { not: null }, accountId: { not: input.accountId } },
    select: { id: true },
  });
  if (verifiedElsewhere) throw new ApiError("state_conflict", "Another organization has already verified this domain.");
  return db.$transaction(async (tx) => {
    const existing = await tx.orgDomain.findUnique({ where: { accountId_domain: { accountId: input.accountId, domain } } });
    if (existing) return view(existing);
    const row = await tx.orgDomain.create({
      data: { id: newId("odom"), accountId: input.accountId, domain, token: randomBase58(32) },
    });
    await writeAuditRow(tx, {
      actorId: input.actorId,
      action: "sso.domain_claimed",
      targetAccountId: input.accountId,
      targetId: row.id,
      details: { domain },
    });
    return view(row);
  });
}

/**
 * Verifies a claimed domain by its DNS TXT record. A domain verified by another organization in the
 * meantime is refused by the partial unique index (one verified holder per domain).
 */
export async function verifyDomain(db: Db, input: { accountId: string; actorId: string; domainId: string }) {
  const row = await db.orgDomain.findFirst({ where: { id: input.domainId, accountId: input.accountId } });
  if (!row) throw notFound();
  if (row.verifiedAt) return view(row);
  let records: string[];
  try {
    records = await txtRecords(row.domain);
  } catch (err) {
    throw new ApiError(
      "action_not_allowed",
      `The DNS lookup of ${row.domain} failed (${(err as Error).message}); try again in a few minutes.`,
    );
  }
  if (!records.includes(`${TXT_PREFIX}${row.token}`)) {
    throw new ApiError(
      "action_not_allowed",
      `No TXT record "${TXT_PREFIX}${row.token}" on ${row.domain} yet. DNS changes can take a while to show; try again later.`,
    );
  }
  try {
    return await db.$transaction(async (tx) => {
      const verified = await tx.orgDomain.update({ where: { id: row.id }, data: { verifiedAt: new Date() } });
      await writeAuditRow(tx, {
        actorId: input.actorId,
        action: "sso.domain_verified",
        targetAccountId: input.accountId,
        targetId: row.id,
        details: { domain: row.domain },
      });
      return view(verified);
    });
  } catch (err) {
    if ((err as { code?: string }).code === "P2002") {
      throw new ApiError("state_conflict", "Another organization has already verified this domain.");
    }
    throw err;
  }
}

/** Drops a claimed domain; its members then sign in with their passwords again. */
export async function removeDomain(db: Db, input: { accountId: string; actorId: string; domainId: string }) {
  await db.$transaction(async (tx) => {
    const gone = await tx.orgDomain.deleteMany({ where: { id: input.domainId, accountId: input.accountId } });
    if (gone.count === 0) throw notFound();
    await writeAuditRow(tx, {
      actorId: input.actorId,
      action: "sso.domain_removed",
      targetAccountId: input.accountId,
      targetId: input.domainId,
    });
  });
}
