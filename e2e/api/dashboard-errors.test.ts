// Errors reach the dashboard in the catalog's terms: engine errors through one tRPC middleware (the
// catalog's status picks the tRPC code, the engine's message is what the form shows, and `data.apiCode`
// names the catalog code), and the dashboard's own routes (withSession) answer the API's error envelope.
import { createAccount } from "@vgen/engine/accounts";
import { describe, expect, it } from "vitest";
import { db, uniqueEmail } from "../support/fixtures";
import { BrowserSession } from "../support/browser-session";

const PASSWORD = "correct horse battery staple";
const USE_CASE = "Product demo videos for our onboarding flow.";

async function signedIn() {
  const email = uniqueEmail("errors");
  const account = await createAccount(db(), { email, password: PASSWORD, emailVerified: true });
  const session = new BrowserSession();
  expect((await session.signIn(email, PASSWORD)).error).toBeNull();
  return { account, email, session };
}

describe("engine errors over tRPC", () => {
  it("a key that is gone: 404 resource_not_found with the form's message", async () => {
    const { session } = await signedIn();
    const created = await session.mutation("apiKeys.create", { name: "short-lived" });
    expect(created.error).toBeNull();
    expect((await session.mutation("apiKeys.revoke", { id: created.data.id })).error).toBeNull();

    const again = await session.mutation("apiKeys.revoke", { id: created.data.id });
    expect(again.status).toBe(404);
    expect(again.error?.data).toMatchObject({ code: "NOT_FOUND", apiCode: "resource_not_found" });
    expect(again.error?.message).toBe("This key does not exist or is already revoked.");
  });

  it("a second pending test balance request: 409 state_conflict", async () => {
    const { session } = await signedIn();
    expect((await session.mutation("testBalance.request", { useCase: USE_CASE })).error).toBeNull();
    const second = await session.mutation("testBalance.request", { useCase: USE_CASE });
    expect(second.status).toBe(409);
    expect(second.error?.data).toMatchObject({ code: "CONFLICT", apiCode: "state_conflict" });
    expect(second.error?.message).toMatch(/already have a request waiting/);
  });

  it("a taken email on sign-up answers as a new one would, and its owner is emailed instead", async () => {
    const { account, email } = await signedIn();
    const fresh = uniqueEmail("errors");
    const created = await new BrowserSession().mutation("account.signUp", { email: fresh, password: PASSWORD });
    const dup = await new BrowserSession().mutation("account.signUp", { email, password: PASSWORD });
    expect(created).toMatchObject({ status: 200, error: null });
    expect(dup).toMatchObject({ status: 200, error: null });
    // The same answer: only the address sent differs.
    expect(Object.keys(dup.data)).toEqual(Object.keys(created.data));
    expect(dup.data.email).toBe(email);
    expect(await db().account.count({ where: { email } })).toBe(1);
    const notice = await db().outboundEmail.findFirst({ where: { accountId: account.id, kind: "sign_up_attempt" } });
    expect(notice?.to).toBe(email);
  });

  it("an unknown generation in the playground: 404 generation_not_found, as the API answers", async () => {
    const { session } = await signedIn();
    const res = await session.query("playground.get", { id: "vid_doesnotexist" });
    expect(res.status).toBe(404);
    expect(res.error?.data).toMatchObject({ code: "NOT_FOUND", apiCode: "generation_not_found" });
  });
});

describe("the dashboard's routes (withSession)", () => {
  const routes = ["/api/dashboard/ledger.csv", "/api/dashboard/account-export", "/api/dashboard/invoices/inv_1/invoice"];

  /** The catalog's envelope: its code, and the request id the header names. */
  async function refusal(res: Response) {
    const body = (await res.json()) as { error: { code: string; type: string; request_id: string; param: string | null } };
    expect(body.error.request_id).toBe(res.headers.get("x-request-id"));
    return { status: res.status, code: body.error.code, param: body.error.param };
  }

  it("answer 401 not_signed_in without a session", async () => {
    for (const route of [...routes, "/api/dashboard/generations/vid_doesnotexist/events"]) {
      expect(await refusal(await new BrowserSession().fetch(route)), route).toEqual({
        status: 401,
        code: "not_signed_in",
        param: null,
      });
    }
  });

  it("answer a refusal of the request with its catalog code", async () => {
    const { session } = await signedIn();
    expect(await refusal(await session.fetch("/api/dashboard/invoices/inv_1/invoice"))).toEqual({
      status: 404,
      code: "resource_not_found",
      param: null,
    });
    expect(await refusal(await session.fetch("/api/dashboard/generations/vid_doesnotexist/events"))).toEqual({
      status: 404,
      code: "generation_not_found",
      param: null,
    });
    const badEventId = await session.fetch("/api/dashboard/generations/vid_doesnotexist/events?lastEventId=x");
    expect(await refusal(badEventId)).toEqual({ status: 400, code: "invalid_parameter", param: "lastEventId" });
  });
});
