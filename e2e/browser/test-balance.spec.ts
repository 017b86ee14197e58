import { expect, test } from "./support/test";
import { createAccount } from "@vgen/engine/accounts";
import { db, uniqueEmail } from "../support/fixtures";
import { ops } from "../support/ops-cli";
import { signedInAccount } from "./support/session";

const USE_CASE = "Prototyping 720p product teasers for an e-commerce catalog.";

test("request a test balance, see it pending, support grants it, see it granted and the balance updated", async ({ page }) => {
  const { id } = await signedInAccount(page);
  const staff = await createAccount(db(), { email: uniqueEmail("support"), role: "support" });
  await page.goto("/dashboard/test-balance");
  await expect(page.getByRole("heading", { name: "Test balance", exact: true })).toBeVisible();
  await expect(page.getByText("No requests yet")).toBeVisible();
  await expect(page.getByTestId("test-balance-balance")).toHaveText("$0.00");

  await page.getByLabel("Your use case").fill("too short");
  await page.getByRole("button", { name: "Request test balance" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "at least 20 characters" })).toBeVisible();

  await page.getByLabel("Your use case").fill(USE_CASE);
  await page.getByRole("button", { name: "Request test balance" }).click();
  const item = page.getByTestId("test-balance-request");
  await expect(item).toContainText("pending");
  await expect(item).toContainText(USE_CASE);
  // Only one pending request: the form gives way to the waiting notice.
  await expect(page.getByText("is waiting for support")).toBeVisible();
  await expect(page.getByLabel("Your use case")).toHaveCount(0);

  const request = await db().testBalanceRequest.findFirstOrThrow({ where: { accountId: id } });
  const granted = ops(
    "grant-test-balance",
    "--request",
    request.id,
    "--amount",
    "5.00",
    "--response",
    "Granted for your prototype. Have fun!",
    "--actor",
    staff.email,
  );
  expect(granted.code, granted.stderr).toBe(0);
  expect(JSON.parse(granted.stdout)).toMatchObject({ status: "granted", granted: "$5.00", balance: "$5.00" });
  // Granting again credits nothing.
  const twice = ops(
    "grant-test-balance",
    "--request",
    request.id,
    "--amount",
    "5.00",
    "--response",
    "again",
    "--actor",
    staff.email,
  );
  expect(twice.code).not.toBe(0);
  expect(twice.stderr).toContain("already granted");
  const entries = await db().ledgerEntry.findMany({ where: { accountId: id } });
  expect(entries).toHaveLength(1);
  expect(entries[0]).toMatchObject({ type: "test_credit", amountMicros: 5_000_000n, reference: request.id });
  expect(await db().auditLog.count({ where: { action: "test_balance.grant", targetId: request.id, actorId: staff.id } })).toBe(1);

  await page.reload();
  await expect(item).toContainText("granted $5.00");
  await expect(item).toContainText("Granted for your prototype. Have fun!");
  await expect(page.getByTestId("test-balance-balance")).toHaveText("$5.00");
  await page.screenshot({ path: "test-results/test-balance.png", fullPage: true });

  // Answered, so a new request can be made; a decline shows support's answer.
  await page.getByLabel("Your use case").fill(`${USE_CASE} More clips, please.`);
  await page.getByRole("button", { name: "Request test balance" }).click();
  await expect(page.getByText("is waiting for support")).toBeVisible();
  const second = await db().testBalanceRequest.findFirstOrThrow({ where: { accountId: id, status: "pending" } });
  const declined = ops(
    "decline-test-balance",
    "--request",
    second.id,
    "--response",
    "One test balance per account.",
    "--actor",
    staff.email,
  );
  expect(declined.code, declined.stderr).toBe(0);
  await page.reload();
  await expect(item.first()).toContainText("declined");
  await expect(item.first()).toContainText("One test balance per account.");
  await expect(page.getByTestId("test-balance-balance")).toHaveText("$5.00");
});
