// Provider routes in the support console: an admin adds a route to a model, sees it listed with its
// breaker, edits its concurrency and resets its breaker; the costs table shows the model's revenue
// as the ledger has it. Support staff see routes but cannot change them.
import { expect, test } from "./support/test";
import { formatAmount } from "@vgen/contracts";
import { BASE_URL, db, newAccount, waitForTerminal } from "../support/fixtures";
import { createOwnModel, retireOwnModel } from "../support/own-model";
import { sameOrigin } from "../support/sessions";
import { signedInAccount } from "./support/session";

test("an admin adds a provider route, edits its concurrency and resets its breaker; the costs table matches the ledger", async ({
  page,
  browser,
}) => {
  // Served by the local renderer as seeded models are, at $0.200 per second.
  const model = await createOwnModel("routes", "console routes browser test", {
    priceMicrosPerSecond: 200_000n,
    defaultDuration: 1,
  });
  try {
    // A customer's generation on the model (the new route has no credentials, so the local renderer serves it),
    // then a partial refund: the ledger holds a $0.200 charge and a $0.050 refund.
    const customer = await newAccount({ balance: "5" });
    const created = await customer.call("/api/v1/videos/generations", {
      method: "POST",
      json: { model, duration: 1, prompt: "a kite over a beach", stream: false },
    });
    expect(created.status).toBe(202);
    const gen = await waitForTerminal(customer, (await created.json()).id);
    expect(gen.status).toBe("completed");

    // Support staff see the routes but have no edit controls, and the server refuses their edits.
    const supportPage = await browser.newPage();
    await signedInAccount(supportPage, { role: "support" });
    await supportPage.goto("/console/routes");
    await expect(supportPage.getByText("Only admins can edit routes.")).toBeVisible();
    await expect(supportPage.getByTestId(`routes-${model}`)).toContainText("local");
    await expect(supportPage.getByRole("form", { name: `Add a route to ${model}` })).toHaveCount(0);
    const denied = await supportPage.request.post("/api/trpc/support.addRoute", {
      headers: sameOrigin(BASE_URL),
      data: { json: { modelId: model, provider: "local", maxConcurrency: 1, cost: "0" } },
    });
    expect(denied.status()).toBe(403);
    await supportPage.close();

    // Staff land on the console after sign-in.
    const admin = await signedInAccount(page, { role: "admin" });
    await page.getByRole("navigation", { name: "Support console" }).getByRole("link", { name: "Routes" }).click();
    await page.waitForURL("**/console/routes");
    await expect(page.getByRole("heading", { name: "Routes", level: 1 })).toBeVisible();

    // Add a Veo route whose credentials are not deployed yet: refused without an upstream model, then added.
    await page.getByText(`Add a route to ${model}`).click();
    const form = page.getByRole("form", { name: `Add a route to ${model}` });
    await form.getByLabel("Provider").selectOption("veo");
    await form.getByLabel("Credentials name").fill("e2e-veo");
    await expect(form.getByText("Reads UPSTREAM_E2E_VEO_URL")).toBeVisible();
    await form.getByLabel("Max concurrency").fill("4");
    await form.getByLabel("Upstream cost per second (USD)").fill("0.05");
    await form.getByRole("button", { name: "Add route" }).click();
    await expect(form.getByRole("alert")).toContainText("upstream's model id");
    await form.getByLabel("Upstream model").fill("veo-3.0-generate-001");
    await form.getByRole("button", { name: "Add route" }).click();

    const table = page.getByTestId(`routes-${model}`);
    const routeRow = table.getByRole("row").filter({ hasText: "veo-3.0-generate-001" });
    await expect(routeRow).toHaveCount(1);
    // Before the local renderer, with a closed breaker, no credentials deployed and none of its 4 slots busy.
    await expect(table.getByRole("row").nth(1)).toContainText("veo-3.0-generate-001");
    await expect(routeRow.getByRole("rowheader")).toHaveText("1");
    await expect(routeRow).toContainText("closed");
    await expect(routeRow).toContainText("not configured");
    await expect(routeRow).toContainText("UPSTREAM_E2E_VEO_URL");
    await expect(routeRow).toContainText("0 / 4");
    await expect(routeRow).toContainText("$0.050");
    const route = await db().modelRoute.findFirstOrThrow({ where: { modelId: model, provider: "veo" } });

    // Edit its concurrency.
    await routeRow.getByRole("button", { name: /^Edit/ }).click();
    const edit = page.getByRole("dialog", { name: "Edit route 1 (veo)" });
    await edit.getByLabel("Max concurrency").fill("7");
    await edit.getByRole("button", { name: "Save", exact: true }).click();
    await expect(edit).toBeHidden();
    await expect(routeRow).toContainText("0 / 7");
    expect((await db().modelRoute.findUniqueOrThrow({ where: { id: route.id } })).maxConcurrency).toBe(7);

    // The breaker as the runner leaves it after failures in a row; staff reset it.
    await db().modelRoute.update({
      where: { id: route.id },
      data: {
        breakerState: "open",
        consecutiveFailures: 3,
        breakerRetryAt: new Date(Date.now() + 60_000),
        breakerCooldownMs: 30_000,
        lastError: "upstream answered 503",
        lastErrorAt: new Date(),
      },
    });
    await page.reload();
    await expect(routeRow).toContainText("open");
    await expect(routeRow).toContainText("3 failures in a row");
    await expect(routeRow).toContainText("upstream answered 503");
    await page.screenshot({ path: "test-results/console-routes.png", fullPage: true });
    await routeRow.getByRole("button", { name: "Reset breaker" }).click();
    const reset = page.getByRole("dialog", { name: "Reset the breaker of route 1 (veo)?" });
    await reset.getByLabel("Reason (optional)").fill("provider outage over");
    await reset.getByRole("button", { name: "Reset", exact: true }).click();
    await expect(reset).toBeHidden();
    await expect(routeRow).toContainText("closed");
    await expect(routeRow).not.toContainText("failures in a row");

    // Refund part of the generation, then read the costs table.
    const refund = await page.request.post("/api/trpc/support.refund", {
      headers: sameOrigin(BASE_URL),
      data: { json: { generationId: gen.id, reason: "first second was black", amount: "0.05" } },
    });
    expect(refund.status()).toBe(200);
    await page.getByRole("navigation", { name: "Support console" }).getByRole("link", { name: "Costs" }).click();
    await page.waitForURL("**/console/costs");
    const costs = page.getByTestId("route-costs");
    const modelRow = costs.getByTestId(`costs-${model}`);
    // The ledger's own sum for the model's generations: charges less refunds.
    const entries = await db().ledgerEntry.findMany({
      where: { generation: { modelId: model }, type: { in: ["charge", "refund"] } },
    });
    const revenue = entries.reduce((sum, e) => sum - e.amountMicros, 0n);
    expect(revenue).toBe(150_000n);
    const cells = modelRow.getByRole("cell");
    await expect(modelRow.getByRole("rowheader")).toHaveText(model);
    await expect(cells.nth(0)).toHaveText("1"); // generations
    await expect(cells.nth(1)).toHaveText("1"); // attempts
    await expect(cells.nth(4)).toHaveText("$0.00"); // upstream cost: the local renderer
    await expect(cells.nth(5)).toHaveText(formatAmount(revenue)); // revenue
    await expect(cells.nth(6)).toHaveText(formatAmount(revenue)); // margin
    await expect(cells.nth(7)).toHaveText("100.0%");
    // The local route served it; the new route has done nothing yet.
    const localRoute = await db().modelRoute.findFirstOrThrow({ where: { modelId: model, provider: "local" } });
    await expect(costs.getByTestId(`costs-route-${localRoute.id}`).getByRole("cell").nth(5)).toHaveText(formatAmount(revenue));
    await expect(costs.getByTestId(`costs-route-${route.id}`).getByRole("cell").nth(1)).toHaveText("0");
    await expect(costs.getByRole("columnheader", { name: "Margin %" })).toBeVisible();
    await page.getByLabel("Period").selectOption("7");
    await expect(modelRow.getByRole("cell").nth(5)).toHaveText(formatAmount(revenue));
    await page.screenshot({ path: "test-results/console-costs.png", fullPage: true });

    // Each change is in the audit log under the admin's name.
    await page.goto("/console/audit");
    await page.getByLabel("Actor").fill(admin.email);
    await page.getByRole("button", { name: "Filter" }).click();
    const log = page.getByTestId("audit-log");
    for (const action of ["route.create", "route.update", "route.reset_breaker"])
      await expect(log.getByRole("row").filter({ hasText: action })).toHaveCount(1);
  } finally {
    // Other specs expect the seeded catalog only.
    await retireOwnModel(model);
  }
});
