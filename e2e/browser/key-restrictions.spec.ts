// Restricting a key in the dashboard, at issue and by editing it, and the API refusing what the
// restrictions forbid (docs/api.md#restricted-keys). Desktop and a 390 px phone.
import { expect, test } from "./support/test";
import { checkedKeyRestrictions, issueApiKey } from "@vgen/engine/accounts";
import { callApi, db, newAccount } from "../support/fixtures";
import { signedInAccount } from "./support/session";

const create = (key: string, model: string) =>
  callApi(key, "/api/v1/videos/generations", {
    method: "POST",
    json: { model, prompt: "restricted", duration: 1, stream: false },
  });

async function codeOf(res: Response) {
  return { status: res.status, code: ((await res.json()) as { error?: { code: string } }).error?.code };
}

for (const viewport of [
  { name: "desktop", width: 1280, height: 800 },
  { name: "phone", width: 390, height: 844 },
]) {
  test.describe(viewport.name, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test("issue a key limited to one model and a $1.00 monthly cap, make it read-only, and see the API refuse", async ({
      page,
    }) => {
      await signedInAccount(page, { balance: "10.00" });
      await page.goto("/dashboard/api-keys");
      await page.getByLabel("Key name").fill("Fast only");
      await page.getByText("Restrictions (optional)").click();
      await page.getByRole("checkbox", { name: "gen-3.1-fast" }).check();
      await page.getByLabel("Monthly spend cap (USD)").fill("1.00");
      await page.getByRole("button", { name: "Issue key" }).click();
      const key = (await page.getByTestId("new-key-value").textContent())!.trim();
      await page.getByRole("button", { name: "Done" }).click();

      const row = page.getByTestId("key-row");
      await expect(row.getByTestId("key-restrictions")).toContainText("models: gen-3.1-fast");
      await expect(row.getByTestId("key-restrictions")).toContainText("cap $1.00/month ($0.00 used)");

      // Another model is refused; the allowed one is accepted until the cap: $0.600 fits, a second does not.
      expect(await codeOf(await create(key, "gen-3-1080"))).toEqual({ status: 403, code: "key_model_not_allowed" });
      expect((await create(key, "gen-3.1-fast")).status).toBe(202);
      expect(await codeOf(await create(key, "gen-3.1-fast"))).toEqual({ status: 403, code: "key_spend_cap_reached" });
      await page.reload();
      await expect(row.getByTestId("key-restrictions")).toContainText("cap $1.00/month ($0.60 used)");

      // Edit: read-only, and a bad address is refused with the reason shown in the dialog.
      await row.getByRole("button", { name: "Edit restrictions of Fast only" }).click();
      const dialog = page.getByRole("dialog");
      await expect(dialog.getByRole("checkbox", { name: "gen-3.1-fast" })).toBeChecked();
      await expect(dialog.getByLabel("Monthly spend cap (USD)")).toHaveValue("1.00");
      await dialog.getByLabel("Allowed IP addresses and ranges").fill("not-an-address");
      await dialog.getByRole("button", { name: "Save restrictions" }).click();
      await expect(dialog).toContainText("Not an IP address or CIDR range");
      await dialog.getByLabel("Allowed IP addresses and ranges").fill("127.0.0.0/8\n::1");
      await dialog.getByLabel(/^Read-only/).check();
      await dialog.getByRole("button", { name: "Save restrictions" }).click();
      await expect(dialog).toBeHidden();
      await expect(row.getByTestId("key-restrictions")).toContainText("read-only");
      await expect(row.getByTestId("key-restrictions")).toContainText("from 127.0.0.0/8, ::1");

      // The API applies the edit from the next request on: reading works, creating does not.
      await expect.poll(async () => (await codeOf(await create(key, "gen-3.1-fast"))).code).toBe("key_read_only");
      expect((await callApi(key, "/api/v1/models")).status).toBe(200);

      // No horizontal scroll at this width.
      expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
    });
  });
}

test("rotating an expired key asks for a new expiry; the successor keeps the restrictions and works", async ({ page }) => {
  const account = await signedInAccount(page);
  const restrictions = await checkedKeyRestrictions(db(), {
    allowedModels: ["gen-3.1-fast"],
    readOnly: true,
    expiresAt: new Date(Date.now() + 3_600_000),
    monthlySpendCapMicros: null,
    allowedSources: [],
  });
  const old = await issueApiKey(db(), account.id, "Nightly job", restrictions);
  await db().apiKey.update({ where: { id: old.record.id }, data: { expiresAt: new Date(Date.now() - 60_000) } });
  await page.goto("/dashboard/api-keys");
  const row = page.getByTestId("key-row");
  await expect(row).toContainText("expired");
  await row.getByRole("button", { name: "Rotate Nightly job" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText("its expiry is not copied");
  const until = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 16);
  await dialog.getByLabel("New expiry (UTC)").fill(until);
  await dialog.getByRole("button", { name: "Rotate key" }).click();
  const key = (await page.getByTestId("new-key-value").textContent())!.trim();
  await page.getByRole("button", { name: "Done" }).click();

  const successor = await db().apiKey.findFirstOrThrow({ where: { accountId: account.id, revokedAt: null } });
  expect(successor.expiresAt?.toISOString().slice(0, 16)).toBe(until);
  expect(successor).toMatchObject({ readOnly: true, allowedModels: ["gen-3.1-fast"] });
  expect((await callApi(key, "/api/v1/models")).status).toBe(200);
});

test("the support console shows a customer's key restrictions", async ({ page }) => {
  const customer = await newAccount();
  const restrictions = await checkedKeyRestrictions(db(), {
    allowedModels: ["gen-3.1-fast"],
    readOnly: true,
    expiresAt: new Date("2099-01-01T00:00:00Z"),
    monthlySpendCapMicros: 25_000_000n,
    allowedSources: ["198.51.100.0/24"],
  });
  await issueApiKey(db(), customer.id, "Restricted", restrictions);
  await signedInAccount(page, { role: "support" });
  await page.goto(`/console/accounts/${customer.id}`);
  const keys = page.getByTestId("account-keys");
  await expect(keys).toContainText("Unrestricted");
  for (const phrase of [
    "read-only",
    "models: gen-3.1-fast",
    "cap $25.00/month",
    "expires 2099-01-01 00:00:00 UTC",
    "from 198.51.100.0/24",
  ]) {
    await expect(keys).toContainText(phrase);
  }
});
