// Projects over HTTP (docs/api.md#projects): a key sees only its project's generations, and the
// project's monthly spend cap and rate-limit share bind every key in it.
import { describe, expect, it } from "vitest";
import { issueApiKey } from "@vgen/engine/accounts";
import { createProject, type ProjectLimits } from "@vgen/engine/projects";
import { balanceOf, callApi, db, newAccount } from "../support/fixtures";

type Account = Awaited<ReturnType<typeof newAccount>>;
// gen-3.1-fast 1 s bills the 4 s minimum x $0.150 = $0.600.
const FAST = { model: "gen-3.1-fast", prompt: "project", duration: 1, stream: false };
const OPEN: ProjectLimits = { monthlySpendCapMicros: null, rateLimitShare: 100, allowedModels: [] };

async function projectKey(acct: Account, limits: Partial<ProjectLimits> = {}) {
  const project = await createProject(db(), acct.id, { name: "p", ...OPEN, ...limits });
  const { key } = await issueApiKey(db(), acct.id, "project key", undefined, { livemode: true, projectId: project.id });
  return { projectId: project.id, call: (path: string, init?: Parameters<typeof callApi>[2]) => callApi(key, path, init) };
}

const create = (k: { call: Account["call"] }) => k.call("/api/v1/videos/generations", { method: "POST", json: FAST });

describe("projects", () => {
  it("a key of project A gets 404 for a generation of project B of the same organization: result, cancel, events, list", async () => {
    const acct = await newAccount({ balance: "5.00" });
    const a = await projectKey(acct);
    const ofDefault = await create(acct); // acct.key is in the default project
    expect(ofDefault.status).toBe(202);
    const id = (await ofDefault.json()).id as string;
    const ofA = await create(a);
    expect(ofA.status).toBe(202);
    const idA = (await ofA.json()).id as string;

    for (const res of [
      await a.call("/api/v1/videos/result", { method: "POST", json: { id } }),
      await a.call("/api/v1/videos/cancel", { method: "POST", json: { id } }),
      await a.call(`/api/v1/videos/generations/${id}/events`),
    ]) {
      expect(res.status).toBe(404);
      expect((await res.json()).error.code).toBe("generation_not_found");
    }
    // Still processing: A's cancel reached nothing.
    expect((await db().generation.findUniqueOrThrow({ where: { id } })).status).toBe("processing");
    const listed = await (await a.call("/api/v1/videos/generations")).json();
    expect(listed.data.map((g: { id: string }) => g.id)).toEqual([idA]);
    const listedDefault = await (await acct.call("/api/v1/videos/generations")).json();
    expect(listedDefault.data.map((g: { id: string }) => g.id)).toEqual([id]);
    // The owner of each reads it.
    expect((await acct.call("/api/v1/videos/result", { method: "POST", json: { id } })).status).toBe(200);
    expect((await a.call("/api/v1/videos/result", { method: "POST", json: { id: idA } })).status).toBe(200);
    // The same Idempotency-Key in two projects makes two generations: no replay across projects.
    const idem = { method: "POST" as const, json: FAST, headers: { "idempotency-key": `proj-${Date.now()}` } };
    const first = await (await acct.call("/api/v1/videos/generations", idem)).json();
    const second = await (await a.call("/api/v1/videos/generations", idem)).json();
    expect(second.id).not.toBe(first.id);
  });

  it("a project's cap is 403 key_spend_cap_reached for any of its keys, and holds nothing", async () => {
    const acct = await newAccount({ balance: "10.00" });
    const capped = await projectKey(acct, { monthlySpendCapMicros: 1_000_000n }); // $1: one $0.60 create fits
    expect((await create(capped)).status).toBe(202);
    const before = await balanceOf(acct.id);
    const res = await create(capped);
    expect(res.status).toBe(403);
    const body = await res.json();
    expect(body.error.code).toBe("key_spend_cap_reached");
    expect(body.error.doc_url).toMatch(/\/errors#key_spend_cap_reached$/);
    expect(body.error.message).toContain("project");
    expect(await balanceOf(acct.id)).toBe(before);
    // The default project is not capped by it.
    expect((await create(acct)).status).toBe(202);
  });

  it("a project's models narrow GET /models and refuse others with 403 key_model_not_allowed", async () => {
    const acct = await newAccount({ balance: "5.00" });
    const k = await projectKey(acct, { allowedModels: ["gen-3-1080"] });
    const models = await (await k.call("/api/v1/models")).json();
    expect(models.data.map((m: { id: string }) => m.id)).toEqual(["gen-3-1080"]);
    const res = await create(k);
    expect(res.status).toBe(403);
    expect((await res.json()).error.code).toBe("key_model_not_allowed");
  });

  it("a project's rate-limit share is its own window: a burst gets 429s there while the organization's other keys pass", async () => {
    const acct = await newAccount();
    const k = await projectKey(acct, { rateLimitShare: 1 }); // 1% of the organization's limit: at least 1 per second
    const started = Date.now();
    const burst = await Promise.all(Array.from({ length: 12 }, () => k.call("/api/v1/models")));
    const windows = Math.max(1, Math.ceil((Date.now() - started) / 1000));
    const limited = burst.filter((r) => r.status === 429);
    const ok = burst.filter((r) => r.status === 200);
    const limit = Number(limited[0]?.headers.get("x-ratelimit-limit"));
    expect(limited.length).toBeGreaterThan(0);
    expect(ok.length).toBeLessThanOrEqual(limit * windows);
    const body = await limited[0]!.json();
    expect(body.error.code).toBe("rate_limited");
    expect(body.error.message).toContain("project");
    // The organization's default-project key is not limited by the project's window.
    expect((await acct.call("/api/v1/models")).status).toBe(200);
  });
});
