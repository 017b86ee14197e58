// Engine errors reach the dashboard through one tRPC middleware: the catalog's status picks the
// tRPC code, the engine's message is what the form shows, and `data.apiCode` names the catalog code.
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

  it("a taken email on sign-up: 409 email_taken", async () => {
    const { email } = await signedIn();
    const dup = await new BrowserSession().mutation("account.signUp", { email, password: PASSWORD });
    expect(dup.status).toBe(409);
    expect(dup.error?.data).toMatchObject({ code: "CONFLICT", apiCode: "email_taken" });
    expect(dup.error?.message).toBe("An account with this email already exists. Sign in instead.");
  });

  it("an unknown generation in the playground: 404 generation_not_found, as the API answers", async () => {
    const { session } = await signedIn();
    const res = await session.query("playground.get", { id: "vid_doesnotexist" });
    expect(res.status).toBe(404);
    expect(res.error?.data).toMatchObject({ code: "NOT_FOUND", apiCode: "generation_not_found" });
  });
});
