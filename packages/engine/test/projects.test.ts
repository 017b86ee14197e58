// Projects (docs/api.md#projects): a key belongs to a project; the project's allowed models, monthly
// spend cap (never overshot by concurrent creates from several keys) and rate-limit share bind
// every key in it, and a key reaches no other project's generation.
import { describe, expect, it } from "vitest";
import { useFundedAccounts } from "./helpers/funded-accounts";
import { testDatabaseUrl, useTestDb } from "./helpers/test-db";

const PRO_4S = { model: "gen-3.1-pro", prompt: "project", duration: 4, size: "720p" }; // $1.920
const OPEN = { monthlySpendCapMicros: null as bigint | null, rateLimitShare: 100, allowedModels: [] as string[] };

describe("a project's rate-limit share (pure)", () => {
  it("is a percent of the organization's limit, at least 1 request per second; 100% adds no window", async () => {
    const { compileProjectRestrictions, projectRateLimit } = await import("../src/projects/index");
    const r = (rateLimitShare: number) => compileProjectRestrictions({ ...OPEN, rateLimitShare });
    expect(projectRateLimit(r(100), 50)).toBeNull();
    expect(r(100)).toBeNull();
    expect(projectRateLimit(r(20), 50)).toBe(10);
    expect(projectRateLimit(r(1), 50)).toBe(1);
    expect(projectRateLimit(r(33), 10)).toBe(3);
  });
});

describe.skipIf(!testDatabaseUrl)("projects against the database", () => {
  const db = useTestDb(12);
  const funded = useFundedAccounts(db, "projects");

  async function project(accountId: string, limits: Partial<typeof OPEN> = {}, name = "Mobile app") {
    const { createProject } = await import("../src/projects/index");
    return createProject(db(), accountId, { name, ...OPEN, ...limits });
  }

  async function keyIn(accountId: string, projectId?: string) {
    const { issueApiKey } = await import("../src/accounts/index");
    return issueApiKey(db(), accountId, "k", undefined, { livemode: true, projectId });
  }

  async function accept(key: string, body: Record<string, unknown> = PRO_4S) {
    const { authenticateApiKey } = await import("../src/accounts/index");
    const { acceptGeneration } = await import("../src/generations/index");
    const identity = await authenticateApiKey(db(), key);
    if (!identity) throw new Error("key not found");
    return acceptGeneration(db(), {
      account: identity.account,
      apiKeyId: identity.apiKey.id,
      keyRestrictions: identity.apiKey.restrictions,
      project: identity.apiKey.project,
      body: { stream: false, ...body },
    });
  }

  it("a new organization has its default project; keys without a project go there, keys of another organization's project are refused", async () => {
    const { listProjects } = await import("../src/projects/index");
    const account = await funded(0n);
    const [only] = await listProjects(db(), account.id);
    expect(only).toMatchObject({ name: "Default project", isDefault: true, rateLimitShare: 100, archivedAt: null });
    const k = await keyIn(account.id);
    expect(k.record.projectId).toBe(only!.id);
    const stranger = await funded(0n);
    const theirs = await project(stranger.id);
    await expect(keyIn(account.id, theirs.id)).rejects.toMatchObject({ code: "resource_not_found", status: 404 });
  });

  it("the project's models bind every key in it, before anything is held", async () => {
    const account = await funded(50_000_000n);
    const p = await project(account.id, { allowedModels: ["gen-3.1-pro"] });
    const k = await keyIn(account.id, p.id);
    await expect(accept(k.key, { ...PRO_4S, model: "gen-3-1080" })).rejects.toMatchObject({
      code: "key_model_not_allowed",
      status: 403,
      param: "model",
    });
    expect(await db().generation.count({ where: { accountId: account.id } })).toBe(0);
    const ok = await accept(k.key);
    expect(ok.generation.projectId).toBe(p.id);
    // The default project's keys are not bound by it.
    const d = await keyIn(account.id);
    await expect(accept(d.key, { ...PRO_4S, model: "gen-3-1080" })).resolves.toBeTruthy();
  });

  it("concurrent creates from several keys never take the project past its monthly cap", async () => {
    const { projectMonthSpendMicros } = await import("../src/projects/index");
    const { cancelGeneration } = await import("../src/generations/index");
    const account = await funded(100_000_000n);
    // Subscribe the account to the model first (uncapped), so the race below takes no subscription
    // lock: only the project's own lock stands between the creates and an overshoot.
    await accept((await keyIn(account.id)).key);
    const p = await project(account.id, { monthlySpendCapMicros: 5_000_000n });
    const keys = await Promise.all([keyIn(account.id, p.id), keyIn(account.id, p.id), keyIn(account.id, p.id)]);
    const results = await Promise.allSettled(Array.from({ length: 9 }, (_, i) => accept(keys[i % 3]!.key)));
    const ok = results.filter((r) => r.status === "fulfilled");
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === "rejected");
    expect(ok).toHaveLength(2);
    for (const r of refused) expect(r.reason).toMatchObject({ code: "key_spend_cap_reached", status: 403 });
    expect(await projectMonthSpendMicros(db(), p.id)).toBe(3_840_000n);
    expect((await db().account.findUniqueOrThrow({ where: { id: account.id } })).balanceMicros).toBe(
      100_000_000n - 3n * 1_920_000n,
    );
    // A canceled generation's hold gives its room back.
    const first = (ok[0] as PromiseFulfilledResult<Awaited<ReturnType<typeof accept>>>).value.generation;
    await cancelGeneration(db(), account.id, first.id);
    await expect(accept(keys[0]!.key)).resolves.toBeTruthy();
    await expect(accept(keys[1]!.key)).rejects.toMatchObject({ code: "key_spend_cap_reached" });
  });

  it("a key reaches only its project's generations: read, cancel and list", async () => {
    const { getGenerationForAccount, cancelGeneration, listGenerations } = await import("../src/generations/index");
    const account = await funded(50_000_000n);
    const a = await project(account.id, {}, "A");
    const b = await project(account.id, {}, "B");
    const ka = await keyIn(account.id, a.id);
    const kb = await keyIn(account.id, b.id);
    const ofB = (await accept(kb.key)).generation;
    const ofA = (await accept(ka.key)).generation;
    const acct = account.id;
    await expect(getGenerationForAccount(db(), acct, ofB.id, true, a.id)).rejects.toMatchObject({
      code: "generation_not_found",
      status: 404,
    });
    await expect(cancelGeneration(db(), acct, ofB.id, true, a.id)).rejects.toMatchObject({ code: "generation_not_found" });
    expect((await getGenerationForAccount(db(), acct, ofB.id, true, b.id)).status).toBe("processing");
    const listed = await listGenerations(db(), acct, 10, null, true, a.id);
    expect(listed.data.map((g) => g.id)).toEqual([ofA.id]);
  });

  it("the poll's read on the hot-statements pool: the same record as Prisma's read, and only the key's account, project and mode", async () => {
    const { getGenerationForAccount, readGenerationOfKey, cancelGeneration, toRecord } = await import("../src/generations/index");
    const { createHotStatements } = await import("@vgen/db");
    const reads = createHotStatements(testDatabaseUrl!, 2);
    const zone = process.env.TZ;
    // Prisma's DateTime columns have no zone: a timestamp must not move with the process's TZ.
    process.env.TZ = "America/New_York";
    try {
      const account = await funded(50_000_000n);
      const a = await project(account.id, {}, "A");
      const b = await project(account.id, {}, "B");
      const ofA = (await accept((await keyIn(account.id, a.id)).key)).generation;
      const ofB = (await accept((await keyIn(account.id, b.id)).key)).generation;
      const keyOfA = { accountId: account.id, livemode: true, projectId: a.id };
      // It reads only the record's columns: each the same value as Prisma's, and the same record.
      const wait = { etaSeconds: 7, queuePosition: 2 };
      const samePoll = async () => {
        const [hot, full] = await Promise.all([
          readGenerationOfKey(reads, keyOfA, ofA.id),
          getGenerationForAccount(db(), account.id, ofA.id),
        ]);
        expect(full).toMatchObject(hot);
        expect(toRecord(hot, wait)).toEqual(toRecord(full, wait));
        return hot;
      };
      await samePoll();
      await cancelGeneration(db(), account.id, ofA.id);
      // The jsonb column comes back parsed on both paths (its shape is the outputs domain's).
      const outputs = JSON.stringify([{ key: `${ofA.id}.mp4`, hasAudio: true, deliveredMs: 1200 }]);
      await db().$executeRaw`UPDATE generations SET outputs = ${outputs}::jsonb WHERE id = ${ofA.id}`;
      const canceled = await samePoll();
      expect(canceled).toMatchObject({ status: "canceled", costMicros: ofA.costMicros, createdAt: ofA.createdAt });
      expect(typeof canceled.seed).toBe("bigint");
      expect(canceled.outputs).toEqual(JSON.parse(outputs));
      const notFound = { code: "generation_not_found", status: 404 };
      await expect(readGenerationOfKey(reads, keyOfA, ofB.id)).rejects.toMatchObject(notFound);
      await expect(readGenerationOfKey(reads, { ...keyOfA, livemode: false }, ofA.id)).rejects.toMatchObject(notFound);
      const stranger = await funded(0n);
      await expect(readGenerationOfKey(reads, { ...keyOfA, accountId: stranger.id }, ofA.id)).rejects.toMatchObject(notFound);
    } finally {
      process.env.TZ = zone;
      await reads.end();
    }
  });

  it("editing and archiving: limits validated, the default project cannot be archived, an archived project's keys stop working", async () => {
    const { archiveProject, listProjects, renameProject, updateProjectLimits } = await import("../src/projects/index");
    const { authenticateApiKey } = await import("../src/accounts/index");
    const account = await funded(0n);
    const p = await project(account.id);
    await expect(updateProjectLimits(db(), account.id, p.id, { ...OPEN, rateLimitShare: 0 })).rejects.toMatchObject({
      code: "invalid_parameter",
      param: "rateLimitShare",
    });
    await expect(
      updateProjectLimits(db(), account.id, p.id, { ...OPEN, allowedModels: ["no-such-model"] }),
    ).rejects.toMatchObject({ param: "allowedModels" });
    const edited = await updateProjectLimits(db(), account.id, p.id, {
      ...OPEN,
      rateLimitShare: 25,
      monthlySpendCapMicros: 10_000_000n,
    });
    expect(edited).toMatchObject({ rateLimitShare: 25, monthlySpendCapMicros: 10_000_000n });
    expect((await renameProject(db(), account.id, p.id, "  Web  ")).name).toBe("Web");
    const stranger = await funded(0n);
    await expect(renameProject(db(), stranger.id, p.id, "mine")).rejects.toMatchObject({ code: "resource_not_found" });

    const k = await keyIn(account.id, p.id);
    expect((await authenticateApiKey(db(), k.key))?.apiKey.project).toMatchObject({
      id: p.id,
      restrictions: { rateLimitShare: 25 },
    });
    const def = (await listProjects(db(), account.id)).find((x) => x.isDefault)!;
    await expect(archiveProject(db(), account.id, def.id)).rejects.toMatchObject({ code: "action_not_allowed" });
    await archiveProject(db(), account.id, p.id);
    let seen: unknown = "cached";
    for (let i = 0; i < 50 && seen !== null; i++) {
      seen = await authenticateApiKey(db(), k.key);
      if (seen !== null) await new Promise((r) => setTimeout(r, 50));
    }
    expect(seen).toBeNull();
    await expect(keyIn(account.id, p.id)).rejects.toMatchObject({ code: "resource_not_found" });
    expect((await listProjects(db(), account.id)).map((x) => x.id)).toEqual([def.id]);
  });
});
