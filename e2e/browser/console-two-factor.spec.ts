// Support console: an account's two-factor status on its review page, and the audited reset for an
// owner who lost their authenticator.
import { expect, test } from "./support/test";
import { createAccount } from "@vgen/engine/accounts";
import { createSession } from "@vgen/engine/auth";
import { newId } from "@vgen/db";
import { db, uniqueEmail } from "../support/fixtures";
import { signedInAccount } from "./support/session";

test("support sees an account's two-factor status and resets it with a reason; the audit log and the owner's mail show it", async ({
  page,
}) => {
  const owner = await createAccount(db(), { email: uniqueEmail("two-factor") });
  await db().account.update({
    where: { id: owner.id },
    data: { totpSecret: "sealed", totpEnabledAt: new Date("2026-10-01T09:30:00Z") },
  });
  await db().recoveryCode.createMany({
    data: [0, 1, 2].map((i) => ({
      id: newId("rco"),
      accountId: owner.id,
      hash: `${owner.id}-${i}`,
      usedAt: i === 0 ? new Date() : null,
    })),
  });
  const session = await createSession(db(), owner.id);

  await signedInAccount(page, { role: "support" });
  await page.goto(`/console/accounts/${owner.id}`);
  const status = page.getByTestId("account-two-factor");
  await expect(status).toContainText("on");
  await expect(status).toContainText("2026-10-01");
  await expect(status).toContainText("2 recovery codes left");

  await page.getByRole("button", { name: "Reset two-factor", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Reset two-factor sign-in" });
  await expect(dialog).toBeVisible();
  // A reason is required.
  await dialog.getByRole("button", { name: "Reset two-factor", exact: true }).click();
  await expect(dialog.getByRole("alert")).toContainText("Reason is required");
  expect((await db().account.findUniqueOrThrow({ where: { id: owner.id } })).totpEnabledAt).not.toBeNull();
  await dialog.getByLabel("Reason").fill("Lost phone; identity checked by video call");
  await dialog.getByRole("button", { name: "Reset two-factor", exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(status).toHaveText("off");
  await expect(page.getByRole("button", { name: "Reset two-factor", exact: true })).toHaveCount(0);

  const after = await db().account.findUniqueOrThrow({ where: { id: owner.id } });
  expect([after.totpSecret, after.totpEnabledAt]).toEqual([null, null]);
  expect(await db().recoveryCode.count({ where: { accountId: owner.id } })).toBe(0);
  expect((await db().authSession.findUniqueOrThrow({ where: { id: session } })).revokedAt).not.toBeNull();
  expect(await db().outboundEmail.count({ where: { accountId: owner.id, kind: "two_factor_reset" } })).toBe(1);

  await page.goto("/console/audit");
  await page.getByLabel("Account id").fill(owner.id);
  await page.getByRole("button", { name: "Filter" }).click();
  const row = page.getByTestId("audit-log").getByRole("row").filter({ hasText: "account.two_factor_reset" });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("Lost phone; identity checked by video call");
});
