// The permission table (src/server/permissions.ts) against the router itself: every procedure has an
// entry, and every procedure is called as a member of every role, which is refused exactly when the
// table leaves the role out. A new procedure without an entry fails here.
import { TRPCError } from "@trpc/server";
import { ApiError, type Id } from "@vgen/contracts";
import { createDb, type Db, type OrgRole } from "@vgen/db";
import { applyMigrations } from "@vgen/db/migrate";
import { seedCatalog } from "@vgen/db/seed";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const testDatabaseUrl = process.env.TEST_DATABASE_URL;
const ROLES: OrgRole[] = ["owner", "admin", "developer", "billing", "viewer"];

/** The catalog code behind a tRPC error, or its tRPC code. */
function codeOf(err: unknown): string | null {
  if (!(err instanceof TRPCError)) return null;
  return err.cause instanceof ApiError ? err.cause.code : err.code;
}

async function outcome(call: () => Promise<unknown>): Promise<string> {
  try {
    await call();
    return "ok";
  } catch (err) {
    return codeOf(err) ?? "other error";
  }
}

describe.skipIf(!testDatabaseUrl)("the permission table", () => {
  let db: Db;
  let router: typeof import("../src/server/routers/_app").appRouter;
  let PERMISSIONS: typeof import("../src/server/permissions").PERMISSIONS;
  const members = {} as Record<OrgRole, { id: Id<"acct">; email: string; sessionId: string }>;
  let orgId: Id<"acct">;

  beforeAll(async () => {
    process.env.DATABASE_URL = testDatabaseUrl;
    await applyMigrations(testDatabaseUrl!);
    db = createDb(testDatabaseUrl!, 4);
    await seedCatalog(db);
    ({ appRouter: router } = await import("../src/server/routers/_app"));
    ({ PERMISSIONS } = await import("../src/server/permissions"));
    const { createAccount } = await import("@vgen/engine/accounts");
    const { createSession } = await import("@vgen/engine/auth");
    const { switchOrganization } = await import("@vgen/engine/orgs");
    const tag = `${Date.now()}-${Math.random().toString(36).slice(2)}`;
    const org = await createAccount(db, { email: `org-${tag}@example.test`, emailVerified: true });
    orgId = org.id;
    for (const role of ROLES) {
      const person = await createAccount(db, { email: `${role}-${tag}@example.test`, emailVerified: true });
      await db.membership.create({ data: { accountId: org.id, memberId: person.id, role } });
      const sessionId = await createSession(db, person.id);
      await switchOrganization(db, { sessionId, memberId: person.id, accountId: org.id });
      members[role] = { id: person.id, email: person.email, sessionId };
    }
  }, 180_000);
  afterAll(async () => {
    await db?.$disconnect();
  });

  /** Calls `path` through the router as `user` with no input: the middleware decides before the input is parsed. */
  function call(path: string, user: { id: Id<"acct">; email: string; sessionId: string } | null) {
    const caller = router.createCaller({
      db,
      user: user && { ...user, role: "user" as const },
      headers: new Headers({ origin: "http://localhost:3000" }),
    });
    const fn = path.split(".").reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], caller) as (
      input?: unknown,
    ) => Promise<unknown>;
    return outcome(() => fn(undefined));
  }

  it("has exactly one entry per procedure", () => {
    const procedures = Object.keys(router._def.procedures).sort();
    const entries = Object.keys(PERMISSIONS)
      .filter((p) => !p.startsWith("route:"))
      .sort();
    expect(procedures).toEqual(entries);
  });

  it("refuses every procedure to each role the table leaves out, and to nobody else", async () => {
    const mismatches: string[] = [];
    for (const [path, access] of Object.entries(PERMISSIONS)) {
      if (path.startsWith("route:") || access === "public") continue;
      for (const role of ROLES) {
        const got = await call(path, members[role]);
        // Staff procedures refuse every member of an organization, whatever their role.
        const refused = access === "staff" ? got === "FORBIDDEN" : got === "role_not_allowed";
        const expected = access === "staff" || (access !== "personal" && !(access as readonly OrgRole[]).includes(role));
        if (refused !== expected) mismatches.push(`${path} as ${role}: ${got}`);
      }
    }
    expect(mismatches).toEqual([]);
  }, 300_000);

  it("asks for sign-in on every procedure but the public ones", async () => {
    const mismatches: string[] = [];
    for (const [path, access] of Object.entries(PERMISSIONS)) {
      if (path.startsWith("route:")) continue;
      const got = await call(path, null);
      if ((got === "not_signed_in") !== (access !== "public")) mismatches.push(`${path}: ${got}`);
    }
    expect(mismatches).toEqual([]);
  }, 120_000);

  it("acts for the session's organization: a member reads the organization's records, not their own", async () => {
    const caller = router.createCaller({ db, user: { ...members.viewer, role: "user" }, headers: new Headers() });
    const me = await caller.account.me();
    expect(me).toMatchObject({ id: members.viewer.id, organizationId: orgId, orgRole: "viewer" });
    const { members: listed } = await caller.orgs.members();
    expect(listed.map((m) => m.id)).toContain(members.developer.id);
  });

  it("shows the organization's audit log to owners and admins only", async () => {
    const as = (role: OrgRole) =>
      router.createCaller({
        db,
        user: { ...members[role], role: "user" },
        headers: new Headers({ origin: "http://localhost:3000", "x-vgen-client-ip": "203.0.113.9" }),
      });
    await as("admin").account.setRetention({ retentionDays: 12 });
    const { data } = await as("owner").orgs.auditLog({ action: "settings.changed" });
    expect(data[0]).toMatchObject({ actorId: members.admin.id, actorEmail: members.admin.email, ip: "203.0.113.9" });
    expect(await outcome(() => as("developer").orgs.auditLog({}))).toBe("role_not_allowed");
  });
});
