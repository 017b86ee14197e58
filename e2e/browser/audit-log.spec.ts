// The organization's audit log: an owner's invitation appears in it with who did it; a developer is
// refused the page's data; the console's account page shows the organization's members both ways.
import { createAccount } from "@vgen/engine/accounts";
import { inviteMember } from "@vgen/engine/orgs";
import { db, uniqueEmail } from "../support/fixtures";
import { signedInAccount, TEST_PASSWORD } from "./support/session";
import { expect, test } from "./support/test";

test("an owner invites a member and sees member.invited in the audit log, filterable by action and person", async ({ page }) => {
  const owner = await signedInAccount(page);
  const inviteeEmail = uniqueEmail("audited");
  await page.goto("/dashboard/members");
  const form = page.getByRole("form", { name: "Invite a member" });
  await form.getByLabel("Email").fill(inviteeEmail);
  await form.getByLabel("Role").selectOption("viewer");
  await form.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByRole("status")).toContainText(`Invitation sent to ${inviteeEmail}`);

  await page.goto("/dashboard/audit-log");
  const row = page.getByTestId("audit-row").filter({ hasText: "member.invited" });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(owner.email);
  await expect(row).toContainText("Member invited");
  await expect(row).toContainText(inviteeEmail);

  await page.getByLabel("Action").selectOption("key.created");
  await expect(page.getByText("Nothing recorded yet")).toBeVisible();
  await page.getByLabel("Action").selectOption("member.invited");
  await expect(page.getByTestId("audit-row")).toHaveCount(1);
  await page.getByLabel("Person").selectOption(owner.id);
  await expect(page.getByTestId("audit-row")).toHaveCount(1);
});

test("a developer of the organization is refused its audit log, and the nav lists only what the role opens", async ({ page }) => {
  const owner = await createAccount(db(), { email: uniqueEmail("org"), emailVerified: true });
  const devEmail = uniqueEmail("dev");
  await createAccount(db(), { email: devEmail, password: TEST_PASSWORD, emailVerified: true });
  const dev = await db().account.findUniqueOrThrow({ where: { email: devEmail } });
  await db().membership.create({ data: { accountId: owner.id, memberId: dev.id, role: "developer" } });
  await page.goto("/signin");
  await page.getByLabel("Email").fill(devEmail);
  await page.getByLabel("Password").fill(TEST_PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL("**/dashboard");
  await page.getByLabel("Organization").selectOption(owner.id);
  await expect(page.getByLabel("Organization")).toHaveValue(owner.id);
  // Acting for the organization as a developer: building pages, not its audit log, billing or single sign-on.
  const nav = page.getByRole("navigation", { name: "Dashboard" });
  await expect(nav.getByRole("link", { name: "API keys" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Audit log" })).toHaveCount(0);
  await expect(nav.getByRole("link", { name: "Balance & history" })).toHaveCount(0);
  await expect(nav.getByRole("link", { name: "Single sign-on" })).toHaveCount(0);

  await page.goto("/dashboard/audit-log");
  // The server's refusal (role_not_allowed), not a page that merely hides the table.
  await expect(page.getByRole("main").getByRole("alert")).toContainText("(developer) does not allow this");
  await expect(page.getByTestId("audit-row")).toHaveCount(0);
});

test("the console's account page lists the organization's members and invitations, linked both ways", async ({ page }) => {
  const org = await createAccount(db(), { email: uniqueEmail("acme"), name: "Acme", emailVerified: true });
  const member = await createAccount(db(), { email: uniqueEmail("member"), emailVerified: true });
  await db().membership.create({ data: { accountId: org.id, memberId: member.id, role: "billing" } });
  const invited = uniqueEmail("waiting");
  await inviteMember(db(), { accountId: org.id, inviter: { id: org.id, role: "owner" }, email: invited, role: "admin" });

  await signedInAccount(page, { role: "support" });
  await page.goto(`/console/accounts/${org.id}`);
  const members = page.getByTestId("account-members");
  await expect(members.getByRole("row").filter({ hasText: org.email })).toContainText("owner");
  await expect(members.getByRole("row").filter({ hasText: member.email })).toContainText("billing");
  await expect(page.getByTestId("account-invitations").getByRole("row").filter({ hasText: invited })).toContainText("admin");
  // Staff see the members' own changes in the account's audit trail too.
  await expect(page.getByTestId("account-audit").getByRole("row").filter({ hasText: "member.invited" })).toContainText(org.email);

  await members.getByRole("link", { name: member.email }).click();
  await page.waitForURL(`**/console/accounts/${member.id}`);
  const memberOf = page.getByTestId("account-member-of");
  await expect(memberOf.getByRole("row").filter({ hasText: "Acme" })).toContainText("billing");
  await memberOf.getByRole("link", { name: `Acme (${org.email})` }).click();
  await page.waitForURL(`**/console/accounts/${org.id}`);
});
