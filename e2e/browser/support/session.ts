import type { Page } from "@playwright/test";
import { parseUsd } from "@vgen/contracts";
import { createAccount } from "@vgen/engine/accounts";
import { creditAccount } from "@vgen/engine/billing";
import { db, uniqueEmail } from "../../support/fixtures";

export const TEST_PASSWORD = "correct horse battery staple";

/**
 * Creates an account (optionally funded) and signs in through the real sign-in form. The email
 * counts as verified unless `verified: false` (the sign-up spec goes through the real link).
 */
export async function signedInAccount(
  page: Page,
  opts: { balance?: string; role?: "user" | "support" | "admin"; verified?: boolean } = {},
) {
  const email = uniqueEmail("ui");
  const account = await createAccount(db(), {
    email,
    password: TEST_PASSWORD,
    role: opts.role,
    emailVerified: opts.verified ?? true,
  });
  if (opts.balance) {
    await creditAccount(db(), {
      accountId: account.id,
      amountMicros: parseUsd(opts.balance),
      type: "top_up",
      reason: "test setup",
      actor: "test",
    });
  }
  await page.goto("/signin");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(TEST_PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  // Staff land on the support console, everyone else on the dashboard.
  await page.waitForURL(opts.role === "support" || opts.role === "admin" ? "**/console" : "**/dashboard");
  return { id: account.id, email };
}
