import { expect, test } from "./support/test";
import { issueApiKey } from "@vgen/engine/accounts";
import { callApi, db } from "../support/fixtures";
import { signedInAccount } from "./support/session";

const DAY_MS = 86_400_000;
const utc = (d: Date) =>
  d
    .toISOString()
    .replace("T", " ")
    .replace(/\.\d{3}Z$/, " UTC");

test("retention: set on the account page, shown on a generation as Expires <date>, then Expired without a player", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const acct = await signedInAccount(page, { balance: "5.00" });

  await page.goto("/dashboard/account");
  const form = page.getByRole("form", { name: "Output retention" });
  const days = form.getByLabel("Keep outputs for (days)");
  await expect(days).toHaveValue("30");
  await days.fill("14");
  await form.getByRole("button", { name: "Save retention" }).click();
  await expect(form.getByRole("status")).toContainText("kept 14 days");
  expect((await db().account.findUniqueOrThrow({ where: { id: acct.id } })).retentionDays).toBe(14);

  const { key } = await issueApiKey(db(), acct.id, "retention spec");
  const res = await callApi(key, "/api/v1/videos/generations", {
    method: "POST",
    json: { stream: false, model: "gen-3.1-fast", prompt: "A kite on a windy beach, retention spec", duration: 1 },
  });
  expect(res.status).toBe(202);
  const { id } = (await res.json()) as { id: string };
  await expect
    .poll(async () => (await db().generation.findUniqueOrThrow({ where: { id } })).status, { timeout: 90_000 })
    .toBe("completed");
  const row = await db().generation.findUniqueOrThrow({ where: { id } });
  expect(row.expiresAt!.getTime() - row.completedAt!.getTime()).toBe(14 * DAY_MS);

  await page.goto(`/dashboard/generations/${id}`);
  await expect(page.getByTestId("output-retention")).toHaveText(`Expires ${utc(row.expiresAt!)}`);
  await expect(page.getByTestId("result-video")).toBeVisible();

  await db().generation.update({ where: { id }, data: { expiresAt: new Date(Date.now() - 1000) } });
  await page.reload();
  await expect(page.getByTestId("output-retention")).toHaveText("Expired");
  await expect(page.getByText("Expired: the video and its poster were deleted")).toBeVisible();
  await expect(page.getByTestId("result-video")).toHaveCount(0);

  // The list shows no thumbnail for it either (the poster is gone).
  await page.goto("/dashboard/generations");
  await expect(page.getByTestId("generation-row")).toHaveCount(1);
  await expect(page.getByTestId("generation-thumbnail")).toHaveCount(0);
});
