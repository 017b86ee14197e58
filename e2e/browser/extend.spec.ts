import AxeBuilder from "@axe-core/playwright";
import { newId } from "@vgen/db";
import { expect, type Page, test } from "./support/test";
import { balanceOf, db } from "../support/fixtures";
import { signedInAccount } from "./support/session";

test("a clip is extended from its page, linked both ways, and the chain joined into one free video", async ({ page }) => {
  test.setTimeout(240_000);
  const acct = await signedInAccount(page, { balance: "5.00" });

  // A 1 s clip made in the playground.
  await page.goto("/dashboard/playground");
  await page.getByLabel("Model").selectOption("gen-3.1-fast");
  await page.getByLabel("Duration").selectOption("1");
  await page.getByLabel("Prompt", { exact: true }).fill("A paper boat drifts down a gutter, extend test");
  await page.getByRole("button", { name: /^Generate/ }).click();
  await expect(page.getByTestId("generation-status")).toHaveText("completed", { timeout: 90_000 });
  await page.getByRole("link", { name: "Details" }).click();
  await page.waitForURL(/\/dashboard\/generations\/vid_\w+$/);
  const sourceId = page.url().split("/").pop()!;
  // A clip of its own is no chain: nothing to join yet.
  await expect(page.getByRole("button", { name: "Join chain into one video" })).toHaveCount(0);

  // Extend: the playground opens prefilled to continue it, the prompt editable.
  await page.getByRole("link", { name: "Extend", exact: true }).click();
  await page.waitForURL(/\/dashboard\/playground\?/);
  await expect(page.getByTestId("extend-source")).toContainText(`Continues ${sourceId}`);
  await expect(page.getByLabel("Model")).toHaveValue("gen-3.1-fast");
  await expect(page.getByLabel("Size")).toHaveValue("720p");
  await expect(page.getByLabel("Prompt", { exact: true })).toHaveValue("A paper boat drifts down a gutter, extend test");
  // An extension starts from its source's last frame: no image fields.
  await expect(page.getByRole("group", { name: "Images" })).toHaveCount(0);
  await expectAccessibleAtBothWidths(page);
  await page.getByLabel("Prompt", { exact: true }).fill("The paper boat tips over a drain, extend test");
  // The quote is for the extension (its own second only), and binds the create.
  await page.getByRole("button", { name: "Get a binding quote" }).click();
  await expect(page.getByTestId("binding-quote")).toBeVisible();
  await page.getByRole("button", { name: /^Generate/ }).click();
  await expect(page.getByTestId("generation-status")).toHaveText("completed", { timeout: 90_000 });
  await page.getByRole("link", { name: "Details" }).click();
  await page.waitForURL(/\/dashboard\/generations\/vid_\w+$/);
  const extensionId = page.url().split("/").pop()!;
  expect(extensionId).not.toBe(sourceId);
  const extension = await db().generation.findUniqueOrThrow({ where: { id: extensionId } });
  expect(extension).toMatchObject({ extendedFrom: sourceId, prompt: "The paper boat tips over a drain, extend test" });
  expect(extension.quoteId).not.toBeNull();

  // Links both ways: the extension names its source, the source its extension.
  await expect(page.getByTestId("extends").getByRole("link")).toHaveText([sourceId]);
  await page.getByTestId("extends").getByRole("link", { name: sourceId }).click();
  await page.waitForURL(`**/dashboard/generations/${sourceId}`);
  await expect(page.getByTestId("extended-by").getByRole("link")).toHaveText([extensionId]);
  await expectAccessibleAtBothWidths(page);
  // The source is no longer a chain's last clip.
  await expect(page.getByRole("button", { name: "Join chain into one video" })).toHaveCount(0);
  await page.getByTestId("extended-by").getByRole("link", { name: extensionId }).click();
  await page.waitForURL(`**/dashboard/generations/${extensionId}`);

  await expect(page.getByRole("button", { name: "Join chain into one video" })).toBeVisible();
  await expectAccessibleAtBothWidths(page);

  // Join: one completed record of both clips, its seconds summed, nothing charged.
  const balanceBefore = await balanceOf(acct.id);
  await page.getByRole("button", { name: "Join chain into one video" }).click();
  await page.waitForURL((url) => /\/dashboard\/generations\/vid_\w+$/.test(url.pathname) && !url.pathname.endsWith(extensionId));
  const joinedId = page.url().split("/").pop()!;
  await expect(page.getByText("Joined from 2 clips")).toBeVisible();
  await expect(page.getByTestId("joined-from").getByRole("link")).toHaveText([sourceId, extensionId]);
  await expect(page.getByTestId("generation-inputs")).toContainText("2 s");
  await expect(page.getByTestId("generation-charged")).toHaveText("$0.00 (each clip was billed on its own)");
  await expect(page.getByTestId("result-video")).toHaveAttribute("src", /\/cdn\/.+\.mp4$/);
  const joined = await db().generation.findUniqueOrThrow({ where: { id: joinedId } });
  expect(joined).toMatchObject({ status: "completed", duration: 2, costMicros: 0n, concatOf: [sourceId, extensionId] });
  expect(await balanceOf(acct.id)).toBe(balanceBefore);
  expect(await db().ledgerEntry.count({ where: { generationId: joinedId } })).toBe(0);
  await expectAccessibleAtBothWidths(page);
});

test("a continuation the account cannot make is refused in the form, and clearing it starts a new clip", async ({ page }) => {
  const acct = await signedInAccount(page, { balance: "5.00" });
  const missing = newId("vid");
  await page.goto(
    `/dashboard/playground?model=gen-3.1-fast&prompt=${encodeURIComponent("Nothing to continue")}&duration=1&extend=${missing}`,
  );
  await expect(page.getByTestId("extend-source")).toContainText(`Continues ${missing}`);
  await page.getByRole("button", { name: /^Generate/ }).click();
  await expect(page.getByTestId("generation-error")).toContainText(`No generation '${missing}' for this account.`);
  expect(await db().generation.count({ where: { accountId: acct.id } })).toBe(0);

  await page.getByRole("button", { name: "Start a new clip instead" }).click();
  await expect(page.getByTestId("extend-source")).toHaveCount(0);
  await expect(page.getByRole("group", { name: "Images" })).toBeVisible();
  // Without it, the quote is an ordinary clip's.
  await page.getByRole("button", { name: "Get a binding quote" }).click();
  await expect(page.getByTestId("binding-quote")).toBeVisible();
});

/** No critical or serious axe violation and no sideways scroll, at phone and desktop widths (then back to desktop). */
async function expectAccessibleAtBothWidths(page: Page) {
  for (const size of [
    { width: 390, height: 844 },
    { width: 1440, height: 900 },
  ]) {
    await page.setViewportSize(size);
    const { violations } = await new AxeBuilder({ page }).analyze();
    const serious = violations
      .filter((v) => v.impact === "critical" || v.impact === "serious")
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(" | ")}`);
    expect(serious).toEqual([]);
    const overflow = await page.evaluate(() => document.scrollingElement!.scrollWidth - document.scrollingElement!.clientWidth);
    expect(overflow).toBeLessThanOrEqual(1);
  }
}
