// The organization's audit log: every listed action writes its row in the transaction of the change
// (a refused audit insert takes the change down with it), and the customer read is tenant-scoped.
import { describe, expect, it } from "vitest";
import { testDatabaseUrl, useTestDb } from "./helpers/test-db";
import {
  createAccount,
  issueApiKey,
  issueNamedApiKey,
  restrictApiKey,
  revokeApiKey,
  rotateApiKey,
  setRetentionDays,
} from "../src/accounts/index";
import { setAlertSettings } from "../src/alerts/index";
import { listCustomerAuditLog } from "../src/audit/index";
import { createTopUpInvoice, markInvoicePaid } from "../src/billing/index";
import { createEndpoint, deleteEndpoint, rollEndpointSecret, updateEndpoint } from "../src/delivery/index";
import { archiveProject, createProject, renameProject, updateProjectLimits } from "../src/projects/index";
import { changeMemberRole, inviteMember, removeMember, revokeInvitation, transferOwnership } from "../src/orgs/index";
import type { CustomerAuditAction, Id } from "@vgen/contracts";
import type { Db } from "@vgen/db";

const unique = (tag: string) => `${tag}-${Date.now()}-${Math.random().toString(36).slice(2)}@example.test`;
const NO_LIMITS = { allowedModels: [], readOnly: false, expiresAt: null, monthlySpendCapMicros: null, allowedSources: [] };

interface Org {
  id: Id<"acct">;
  memberId: string;
  keyId: string;
  endpointId: string;
  endpointSecret: string;
  invitationId: string;
  projectId: string;
}

const OPEN_PROJECT = { monthlySpendCapMicros: null, rateLimitShare: 100, allowedModels: [] };

/** Each listed action: what it does, and whether its change is visible (to prove a rollback left nothing). */
const CASES: {
  action: CustomerAuditAction;
  run: (db: Db, o: Org) => Promise<unknown>;
  changed: (db: Db, o: Org) => Promise<boolean>;
}[] = [
  {
    action: "member.invited",
    run: (db, o) =>
      inviteMember(db, {
        accountId: o.id,
        inviter: { id: o.id, role: "owner", ip: "198.51.100.7" },
        email: "new@example.test",
        role: "viewer",
      }),
    changed: async (db, o) => (await db.orgInvitation.count({ where: { accountId: o.id, email: "new@example.test" } })) > 0,
  },
  {
    action: "invitation.revoked",
    run: (db, o) => revokeInvitation(db, o.id, o.invitationId, { id: o.id }),
    changed: async (db, o) => !!(await db.orgInvitation.findUniqueOrThrow({ where: { id: o.invitationId } })).revokedAt,
  },
  {
    action: "member.role_changed",
    run: (db, o) =>
      changeMemberRole(db, { accountId: o.id, actor: { id: o.id, role: "owner" }, memberId: o.memberId, role: "admin" }),
    changed: async (db, o) => (await memberRole(db, o)) === "admin",
  },
  {
    action: "member.removed",
    run: (db, o) => removeMember(db, { accountId: o.id, actor: { id: o.id, role: "owner" }, memberId: o.memberId, keys: "keep" }),
    changed: async (db, o) => (await memberRole(db, o)) === null,
  },
  {
    action: "ownership.transferred",
    run: (db, o) => transferOwnership(db, { accountId: o.id, fromId: o.id, toId: o.memberId }),
    changed: async (db, o) => (await memberRole(db, o)) === "owner",
  },
  {
    action: "key.created",
    run: (db, o) => issueNamedApiKey(db, o.id, "audited", undefined, { livemode: false }, { id: o.id }),
    changed: async (db, o) => (await db.apiKey.count({ where: { accountId: o.id, name: "audited" } })) > 0,
  },
  {
    action: "key.revoked",
    run: (db, o) => revokeApiKey(db, o.id, o.keyId, { id: o.id }),
    changed: keyRevoked,
  },
  {
    action: "key.rotated",
    run: (db, o) => rotateApiKey(db, o.id, o.keyId, { actor: { id: o.id } }),
    changed: keyRevoked,
  },
  {
    action: "key.restricted",
    run: (db, o) => restrictApiKey(db, o.id, o.keyId, { ...NO_LIMITS, readOnly: true }, { id: o.id }),
    changed: async (db, o) => (await db.apiKey.findUniqueOrThrow({ where: { id: o.keyId } })).readOnly,
  },
  {
    action: "cap.changed",
    run: (db, o) => restrictApiKey(db, o.id, o.keyId, { ...NO_LIMITS, monthlySpendCapMicros: 5_000_000n }, { id: o.id }),
    changed: async (db, o) =>
      (await db.apiKey.findUniqueOrThrow({ where: { id: o.keyId } })).monthlySpendCapMicros === 5_000_000n,
  },
  {
    action: "balance.topped_up",
    run: async (db, o) => {
      const invoice = await createTopUpInvoice(db, { accountId: o.id, amountMicros: 25_000_000n, method: "stripe" });
      return markInvoicePaid(db, { invoice: invoice.id, via: "stripe", actor: "stripe" });
    },
    changed: async (db, o) => (await db.account.findUniqueOrThrow({ where: { id: o.id } })).balanceMicros > 0n,
  },
  {
    action: "webhook_endpoint.created",
    run: (db, o) => createEndpoint(db, o.id, { url: "https://hooks.example.com/new", description: "", events: [] }, { id: o.id }),
    changed: async (db, o) => (await db.webhookEndpoint.count({ where: { accountId: o.id } })) > 1,
  },
  {
    action: "webhook_endpoint.updated",
    run: (db, o) => updateEndpoint(db, o.id, o.endpointId, { enabled: false }, { id: o.id }),
    changed: async (db, o) => !(await db.webhookEndpoint.findUniqueOrThrow({ where: { id: o.endpointId } })).enabled,
  },
  {
    action: "webhook_endpoint.deleted",
    run: (db, o) => deleteEndpoint(db, o.id, o.endpointId, { id: o.id }),
    changed: async (db, o) => (await db.webhookEndpoint.count({ where: { id: o.endpointId } })) === 0,
  },
  {
    action: "webhook_endpoint.secret_rolled",
    run: (db, o) => rollEndpointSecret(db, o.id, o.endpointId, { id: o.id }),
    changed: async (db, o) =>
      (await db.webhookEndpoint.findUniqueOrThrow({ where: { id: o.endpointId } })).secret !== o.endpointSecret,
  },
  {
    action: "settings.changed",
    run: (db, o) => setRetentionDays(db, o.id, 7, { id: o.id }),
    changed: async (db, o) => (await db.account.findUniqueOrThrow({ where: { id: o.id } })).retentionDays === 7,
  },
  {
    action: "project.created",
    run: (db, o) => createProject(db, o.id, { name: "audited", ...OPEN_PROJECT }, { id: o.id }),
    changed: async (db, o) => (await db.project.count({ where: { accountId: o.id, name: "audited" } })) > 0,
  },
  {
    action: "project.renamed",
    run: (db, o) => renameProject(db, o.id, o.projectId, "renamed", { id: o.id }),
    changed: async (db, o) => (await project(db, o)).name === "renamed",
  },
  {
    action: "project.limits_changed",
    run: (db, o) => updateProjectLimits(db, o.id, o.projectId, { ...OPEN_PROJECT, rateLimitShare: 40 }, { id: o.id }),
    changed: async (db, o) => (await project(db, o)).rateLimitShare === 40,
  },
  {
    action: "project.archived",
    run: (db, o) => archiveProject(db, o.id, o.projectId, { id: o.id }),
    changed: async (db, o) => (await project(db, o)).archivedAt !== null,
  },
];

function project(db: Db, o: Org) {
  return db.project.findUniqueOrThrow({ where: { id: o.projectId } });
}

async function memberRole(db: Db, o: Org) {
  const m = await db.membership.findUnique({ where: { accountId_memberId: { accountId: o.id, memberId: o.memberId } } });
  return m?.role ?? null;
}

async function keyRevoked(db: Db, o: Org) {
  return !!(await db.apiKey.findUniqueOrThrow({ where: { id: o.keyId } })).revokedAt;
}

describe.skipIf(!testDatabaseUrl)("customer audit log", () => {
  const db = useTestDb(4);

  async function org(): Promise<Org> {
    const owner = await createAccount(db(), { email: unique("owner") });
    const member = await createAccount(db(), { email: unique("member") });
    await db().membership.create({ data: { accountId: owner.id, memberId: member.id, role: "developer" } });
    const { record } = await issueApiKey(db(), owner.id, "to change");
    const { endpoint, secret } = await createEndpoint(db(), owner.id, {
      url: "https://hooks.example.com/a",
      description: "",
      events: [],
    });
    const inv = await inviteMember(db(), {
      accountId: owner.id,
      inviter: { id: owner.id, role: "owner" },
      email: unique("inv"),
      role: "viewer",
    });
    const side = await createProject(db(), owner.id, { name: "side", ...OPEN_PROJECT });
    // The setup's own rows are not what the cases look for.
    await db().auditLog.deleteMany({ where: { targetAccountId: owner.id } });
    return {
      id: owner.id,
      memberId: member.id,
      keyId: record.id,
      endpointId: endpoint.id,
      endpointSecret: secret,
      invitationId: inv.id,
      projectId: side.id,
    };
  }

  /** Refuses every audit row about this organization: the change writing one must fail as a whole. */
  async function refuseAuditRows(accountId: string) {
    await db().$executeRawUnsafe(`
      CREATE OR REPLACE FUNCTION test_refuse_audit() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'audit refused for %', NEW.target_account_id; END $$`);
    await db().$executeRawUnsafe(
      `CREATE TRIGGER "refuse_${accountId}" BEFORE INSERT ON audit_logs FOR EACH ROW
       WHEN (NEW.target_account_id = '${accountId}') EXECUTE FUNCTION test_refuse_audit()`,
    );
    return () => db().$executeRawUnsafe(`DROP TRIGGER "refuse_${accountId}" ON audit_logs`);
  }

  for (const c of CASES) {
    it(`${c.action}: written with the change, and gone with it when the transaction rolls back`, async () => {
      const o = await org();
      const allow = await refuseAuditRows(o.id);
      await expect(c.run(db(), o)).rejects.toThrow(/audit refused/);
      await allow();
      expect(await c.changed(db(), o)).toBe(false);
      expect(await db().auditLog.count({ where: { targetAccountId: o.id } })).toBe(0);

      await c.run(db(), o);
      expect(await c.changed(db(), o)).toBe(true);
      const rows = await db().auditLog.findMany({ where: { targetAccountId: o.id, action: c.action } });
      expect(rows).toHaveLength(1);
      const owner = await db().account.findUniqueOrThrow({ where: { id: o.id } });
      if (c.action === "balance.topped_up") expect(rows[0]).toMatchObject({ actorKind: "system", actorId: null });
      else expect(rows[0]).toMatchObject({ actorKind: "member", actorId: o.id, actorEmail: owner.email });
    });
  }

  it("keeps the address and the email at the time; alert settings are a settings change", async () => {
    const o = await org();
    await inviteMember(db(), {
      accountId: o.id,
      inviter: { id: o.id, role: "owner", ip: "198.51.100.7" },
      email: unique("x"),
      role: "viewer",
    });
    const before = (await db().account.findUniqueOrThrow({ where: { id: o.id } })).email;
    await db().account.update({ where: { id: o.id }, data: { email: unique("renamed") } });
    await setAlertSettings(
      db(),
      o.id,
      { lowBalanceThresholdMicros: 1_000_000n, monthlySpendThresholdMicros: null },
      { id: o.id },
    );
    const page = await listCustomerAuditLog(db(), o.id);
    expect(page.data.map((r) => r.action)).toEqual(["settings.changed", "member.invited"]);
    expect(page.data[1]).toMatchObject({ ip: "198.51.100.7", actorEmail: before });
    expect(page.data[0]?.details).toMatchObject({ setting: "alerts", lowBalanceThresholdMicros: "1000000" });
  });

  it("project rows say what changed: the old and new name, the limits before and after", async () => {
    const o = await org();
    await renameProject(db(), o.id, o.projectId, "  Checkout  ", { id: o.id, ip: "203.0.113.9" });
    await updateProjectLimits(
      db(),
      o.id,
      o.projectId,
      { monthlySpendCapMicros: 2_500_000n, rateLimitShare: 25, allowedModels: [] },
      { id: o.id },
    );
    await archiveProject(db(), o.id, o.projectId, { id: o.id });
    const page = await listCustomerAuditLog(db(), o.id);
    expect(page.data.map((r) => [r.action, r.targetId])).toEqual([
      ["project.archived", o.projectId],
      ["project.limits_changed", o.projectId],
      ["project.renamed", o.projectId],
    ]);
    expect(page.data[2]).toMatchObject({ ip: "203.0.113.9", details: { from: "side", to: "Checkout" } });
    expect(page.data[1]?.details).toEqual({
      from: { monthlySpendCapMicros: null, rateLimitShare: 100, allowedModels: [] },
      to: { monthlySpendCapMicros: "2500000", rateLimitShare: 25, allowedModels: [] },
    });
    expect(page.data[0]?.details).toEqual({ name: "Checkout" });
  });

  it("reads only its own organization's rows, filters by action and person, and pages by cursor", async () => {
    const a = await org();
    const b = await org();
    for (const days of [3, 4, 5]) await setRetentionDays(db(), a.id, days, { id: a.id });
    await setRetentionDays(db(), a.id, 6, { id: a.memberId });
    await setRetentionDays(db(), b.id, 9, { id: b.id });
    await revokeApiKey(db(), a.id as Id<"acct">, a.keyId, { id: a.id });
    // A staff row about the organization is not the customer's (its action is not in the list).
    await db().auditLog.create({
      data: { id: `aud_${Date.now()}x`, actorId: a.id, action: "account.suspend", targetAccountId: a.id },
    });

    const all = await listCustomerAuditLog(db(), a.id, { limit: 100 });
    expect(all.data).toHaveLength(5);
    expect(all.data.every((r) => r.action !== "account.suspend")).toBe(true);

    const first = await listCustomerAuditLog(db(), a.id, { action: "settings.changed", limit: 2 });
    expect(first.data).toHaveLength(2);
    expect(first.nextCursor).not.toBeNull();
    const second = await listCustomerAuditLog(db(), a.id, { action: "settings.changed", limit: 2, cursor: first.nextCursor! });
    expect(second.data).toHaveLength(2);
    expect(second.nextCursor).toBeNull();
    expect(new Set([...first.data, ...second.data].map((r) => r.id)).size).toBe(4);

    const byMember = await listCustomerAuditLog(db(), a.id, { actorId: a.memberId });
    expect(byMember.data.map((r) => r.details)).toEqual([{ setting: "retention_days", from: 5, to: 6 }]);
    expect((await listCustomerAuditLog(db(), b.id)).data).toHaveLength(1);
  });
});
