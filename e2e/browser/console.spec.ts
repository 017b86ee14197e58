// Support console: staff find accounts, answer test balance requests, refund, suspend and
// reactivate, edit the catalog; every action shows up in the audit log. Plain users are refused.
import { expect, test, type Page } from "./support/test";
import { createAccount, deleteAccount, requestTestBalance } from "@vgen/engine/accounts";
import { generateStatement, periodOf } from "@vgen/engine/billing";
import { createEndpoint, updateEndpoint } from "@vgen/engine/delivery";
import { BASE_URL, callApi, db, newAccount, uniqueEmail, waitForTerminal } from "../support/fixtures";
import { sameOrigin } from "../support/sessions";
import { withCatalogEdit } from "../support/catalog-edit";
import { signedInAccount } from "./support/session";

const USE_CASE = "Evaluating short product clips for an online furniture store.";

async function confirmAction(page: Page, button: string | RegExp, fill: { amount?: string; text?: string }, confirm: string) {
  await page
    .getByRole("button", { name: button, exact: typeof button === "string" })
    .first()
    .click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeVisible();
  if (fill.amount !== undefined) await dialog.getByLabel(/Amount/).fill(fill.amount);
  if (fill.text !== undefined) await dialog.getByRole("textbox").last().fill(fill.text);
  await dialog.getByRole("button", { name: confirm, exact: true }).click();
  await expect(dialog).toBeHidden();
}

test("a plain user opening /console is refused", async ({ page }) => {
  await signedInAccount(page);
  await expect(page.getByRole("link", { name: "Support console" })).toHaveCount(0);
  const refused = await page.goto("/console");
  expect(refused!.status()).toBe(403);
  await expect(page.getByRole("heading", { name: "Staff only" })).toBeVisible();
  await expect(page.getByText("403")).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Support console" })).toHaveCount(0);
  await page.screenshot({ path: "test-results/console-403.png" });
  // The API refuses too.
  const res = await page.request.get(
    `/api/trpc/support.search?input=${encodeURIComponent(JSON.stringify({ json: { query: "example" } }))}`,
  );
  expect(res.status()).toBe(403);
});

test("support finds an account, grants test balance, refunds once, suspends and reactivates; the audit log lists it all", async ({
  page,
}) => {
  // A customer with $10, one completed generation (gen-3.1-fast, 1 s billed as 4 s × $0.150 = $0.600) and a pending request.
  const customer = await newAccount({ balance: "10" });
  const created = await customer.call("/api/v1/videos/generations", {
    method: "POST",
    json: { model: "gen-3.1-fast", duration: 1, prompt: "a chair rotating", stream: false },
  });
  expect(created.status).toBe(202);
  const gen = await waitForTerminal(customer, (await created.json()).id);
  expect(gen.status).toBe("completed");
  await requestTestBalance(db(), customer.id, USE_CASE);
  const statement = (await generateStatement(db(), customer.id, periodOf(new Date()))).invoice;

  const staff = await signedInAccount(page, { role: "support" });
  // Staff land on the console after sign-in; their dashboard links to it too.
  await expect(page.getByRole("heading", { name: "Find an account" })).toBeVisible();
  await page.goto("/dashboard");
  await page.getByRole("link", { name: "Support console" }).click();
  await page.waitForURL("**/console");
  await expect(page.getByRole("heading", { name: "Find an account" })).toBeVisible();

  // By a partial email in another case.
  const search = page.getByRole("searchbox", { name: "Search accounts" });
  await search.fill(customer.email.split("@")[0]!.toUpperCase());
  await page.getByRole("button", { name: "Search", exact: true }).click();
  const results = page.getByTestId("search-results");
  await expect(results.getByRole("link", { name: customer.email })).toBeVisible();
  await expect(results).toContainText("email");
  // By generation id.
  await search.fill(gen.id);
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(results).toContainText("generation id");
  await expect(results.getByRole("link")).toHaveCount(1);
  await page.screenshot({ path: "test-results/console-search.png", fullPage: true });
  await results.getByRole("link", { name: customer.email }).click();
  await page.waitForURL(`**/console/accounts/${customer.id}`);
  await expect(page.getByRole("heading", { name: customer.email, level: 1 })).toBeVisible();
  const balance = page.getByTestId("account-balance");
  await expect(balance).toHaveText("$9.40");
  await expect(page.getByTestId("account-keys")).toContainText(customer.key.slice(0, 12));
  // The month's usage statement is listed as a statement (its spend), not among invoices as "open".
  await expect(page.getByTestId("account-statements")).toContainText(statement.number);
  await expect(page.getByTestId("account-statements")).toContainText("$0.60");
  await expect(page.getByTestId("account-statements")).not.toContainText("open");
  await expect(page.getByText("No invoices.")).toBeVisible();

  // Grant the pending test balance request.
  const request = page.getByTestId("account-test-balance-request");
  await expect(request).toContainText("pending");
  await request.getByRole("button", { name: "Grant" }).click();
  const grant = page.getByRole("dialog", { name: "Grant test balance" });
  await grant.getByLabel("Amount (USD)").fill("5.00");
  await grant.getByLabel("Response to the user").fill("Granted for your store prototype.");
  await grant.getByRole("button", { name: "Grant", exact: true }).click();
  await expect(grant).toBeHidden();
  await expect(request).toContainText("granted");
  await expect(balance).toHaveText("$14.40");

  // Refund the completed generation: a reason is required; the balance is restored once.
  const row = page.getByTestId(`generation-${gen.id}`);
  await row.getByRole("button", { name: "Refund" }).click();
  const refund = page.getByRole("dialog", { name: `Refund ${gen.id}` });
  // Opened from a right-aligned table cell, its text is left-aligned like the grant dialog's.
  await expect(refund).toHaveCSS("text-align", "left");
  await expect(refund.getByText("Reason", { exact: true })).toHaveCSS("text-align", "left");
  await refund.getByRole("button", { name: "Refund", exact: true }).click();
  await expect(refund.getByRole("alert")).toContainText("Reason is required");
  await refund.getByLabel("Reason").fill("Output was corrupted");
  await refund.getByRole("button", { name: "Refund", exact: true }).click();
  await expect(refund).toBeHidden();
  await expect(balance).toHaveText("$15.00");
  await expect(row).toContainText("refunded $0.60");
  await expect(row.getByRole("button", { name: "Refund" })).toHaveCount(0);
  // A second refund (a stale tab, a double click) is refused by the server.
  const again = await page.request.post("/api/trpc/support.refund", {
    headers: sameOrigin(BASE_URL),
    data: { json: { generationId: gen.id, reason: "second try" } },
  });
  expect(again.status()).toBe(409);
  expect(await again.text()).toContain("already refunded");
  expect(await db().ledgerEntry.count({ where: { generationId: gen.id, type: "refund" } })).toBe(1);
  expect((await db().account.findUniqueOrThrow({ where: { id: customer.id } })).balanceMicros).toBe(15_000_000n);

  // Suspend: the API refuses the account's key with 403 account_suspended; reactivate lifts it.
  await confirmAction(page, "Suspend", { text: "Chargeback investigation" }, "Suspend");
  await expect(page.getByTestId("account-status")).toHaveText("suspended");
  const refused = await callApi(customer.key, "/api/v1/videos/generations", {
    method: "POST",
    json: { model: "gen-3.1-fast", duration: 1, prompt: "blocked", stream: false },
  });
  expect(refused.status).toBe(403);
  expect((await refused.json()).error.code).toBe("account_suspended");
  await page.screenshot({ path: "test-results/console-account.png", fullPage: true });
  await confirmAction(page, "Reactivate", { text: "Investigation closed" }, "Reactivate");
  await expect(page.getByTestId("account-status")).toHaveText("active");
  const accepted = await callApi(customer.key, "/api/v1/videos/generations", {
    method: "POST",
    json: { model: "gen-3.1-fast", duration: 1, prompt: "welcome back", stream: false },
  });
  expect(accepted.status).toBe(202);

  // The audit log lists these actions with the actor.
  await page.getByRole("navigation", { name: "Support console" }).getByRole("link", { name: "Audit log" }).click();
  await page.waitForURL("**/console/audit");
  await page.getByLabel("Account id").fill(customer.id);
  await page.getByRole("button", { name: "Filter" }).click();
  const log = page.getByTestId("audit-log");
  for (const action of ["test_balance.grant", "generation.refund", "account.suspend", "account.reactivate"]) {
    await expect(log.getByRole("row").filter({ hasText: action })).toHaveCount(1);
  }
  await expect(log.getByRole("row").filter({ hasText: "generation.refund" })).toContainText(staff.email);
  await expect(log.getByRole("row").filter({ hasText: "generation.refund" })).toContainText("Output was corrupted");
  await page.getByLabel("Action").selectOption("generation.refund");
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(log.getByRole("row")).toHaveCount(2);
  await page.screenshot({ path: "test-results/console-audit.png", fullPage: true });

  // Phone width: the account page stays usable (tables scroll inside their cards).
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/console/accounts/${customer.id}`);
  await expect(page.getByTestId("account-balance")).toHaveText("$14.40");
  await page.screenshot({ path: "test-results/console-account-mobile.png", fullPage: true });
});

test("staff open a generation from the account review: its record, route attempts, webhook deliveries and trace id", async ({
  page,
}) => {
  const customer = await newAccount({ balance: "5" });
  const created = await customer.call("/api/v1/videos/generations", {
    method: "POST",
    json: {
      model: "gen-3.1-fast",
      duration: 1,
      prompt: "a traced lamp",
      stream: false,
      webHook: "https://hooks.example.com/traced",
    },
  });
  expect(created.status).toBe(202);
  const gen = await waitForTerminal(customer, (await created.json()).id);
  expect(gen.status).toBe("completed");
  // The app under test runs without tracing; the row keeps the id its request's span had when it is on.
  const traceId = "4bf92f3577b34da6a3ce929d0e0e4736";
  await db().generation.update({ where: { id: gen.id }, data: { traceId } });

  await signedInAccount(page, { role: "support" });
  await page.goto(`/console/accounts/${customer.id}`);
  await page.getByTestId(`generation-${gen.id}`).getByRole("link", { name: gen.id }).click();
  await page.waitForURL(`**/console/generations/${gen.id}`);
  await expect(page.getByRole("heading", { name: "Generation", level: 1 })).toBeVisible();
  await expect(page.getByTestId("generation-trace-id")).toContainText(traceId);
  await expect(page.getByText("a traced lamp")).toBeVisible();
  await expect(page.getByTestId("generation-route-attempts")).toContainText("local");
  await expect(page.getByTestId("generation-deliveries")).toContainText("hooks.example.com/traced");
  await expect(page.getByTestId("generation-deliveries")).toContainText("generation.completed");
});

test("the account review lists the account's webhook endpoints, never their secrets, and no other account's", async ({
  page,
}) => {
  const customer = await newAccount();
  const other = await newAccount();
  const { secret } = await createEndpoint(db(), customer.id, {
    url: "https://hooks.example.com/vgen",
    description: "orders service",
    events: ["generation.completed", "generation.failed"],
  });
  const off = await createEndpoint(db(), customer.id, {
    url: "https://hooks.example.com/paused",
    description: "",
    events: ["generation.completed"],
  });
  await updateEndpoint(db(), customer.id, off.endpoint.id, { enabled: false });
  await createEndpoint(db(), other.id, {
    url: "https://other.example.com/hook",
    description: "",
    events: ["generation.completed"],
  });

  await signedInAccount(page, { role: "support" });
  await page.goto(`/console/accounts/${customer.id}`);
  const endpoints = page.getByTestId("account-endpoints");
  const active = endpoints.getByRole("row").filter({ hasText: "hooks.example.com/vgen" });
  await expect(active).toContainText("orders service");
  await expect(active).toContainText("generation.completed, generation.failed");
  await expect(active).toContainText("enabled");
  await expect(active).toContainText("never");
  await expect(endpoints.getByRole("row").filter({ hasText: "hooks.example.com/paused" })).toContainText("disabled");
  await expect(endpoints).not.toContainText("other.example.com");
  expect(await page.content()).not.toContain(secret);
});

test("an account its owner deleted is marked Deleted in search and review, and staff actions on it are refused", async ({
  page,
}) => {
  const email = uniqueEmail("deleted");
  const password = "correct horse battery staple";
  const customer = await createAccount(db(), { email, password });
  await deleteAccount(db(), { accountId: customer.id, password, confirmation: email });
  const { deletedAt } = await db().account.findUniqueOrThrow({ where: { id: customer.id } });
  const day = deletedAt!.toISOString().slice(0, 10);

  await signedInAccount(page, { role: "support" });
  await page.getByRole("searchbox", { name: "Search accounts" }).fill(customer.id);
  await page.getByRole("button", { name: "Search", exact: true }).click();
  const results = page.getByTestId("search-results");
  await expect(results.getByTestId("account-deleted")).toContainText(`Deleted ${day}`);
  await results.getByRole("link").first().click();
  await page.waitForURL(`**/console/accounts/${customer.id}`);
  await expect(page.getByTestId("account-deleted")).toContainText(`Deleted ${day}`);
  await expect(page.getByRole("status").filter({ hasText: "Deleted by its owner" })).toBeVisible();

  await page.getByRole("button", { name: "Adjust balance", exact: true }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel(/Amount/).fill("5.00");
  await dialog.getByRole("textbox").last().fill("goodwill credit");
  await dialog.getByRole("button", { name: "Adjust", exact: true }).click();
  await expect(dialog).toContainText("deleted by its owner");
  expect(await db().ledgerEntry.count({ where: { accountId: customer.id } })).toBe(0);
});

test("support cannot edit the catalog; an admin edits a price and GET /api/v1/models shows it", async ({ page, browser }) => {
  const model = "gen-3.1-fast";
  const customer = await newAccount();
  await withCatalogEdit(model, async () => {
    const supportPage = await browser.newPage();
    await signedInAccount(supportPage, { role: "support" });
    await supportPage.goto("/console/catalog");
    await expect(supportPage.getByText("Only admins can edit the catalog.")).toBeVisible();
    await expect(supportPage.getByRole("button", { name: "Save changes" })).toHaveCount(0);
    const denied = await supportPage.request.post("/api/trpc/support.updateCatalog", {
      headers: sameOrigin(BASE_URL),
      data: { json: { modelId: model, price: "9" } },
    });
    expect(denied.status()).toBe(403);
    await supportPage.close();

    const admin = await signedInAccount(page, { role: "admin" });
    await page.goto("/console/catalog");
    const form = page.getByRole("form", { name: `Edit ${model}` });
    await form.getByLabel("Price per second (USD)").fill("0.175");
    await form.getByRole("button", { name: "Save changes" }).click();
    const dialog = page.getByRole("dialog", { name: `Update ${model}?` });
    await dialog.getByRole("button", { name: "Save", exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText("$0.175 / s").first()).toBeVisible();
    await page.screenshot({ path: "test-results/console-catalog.png", fullPage: true });

    const res = await customer.call("/api/v1/models");
    const body = await res.json();
    const listed = body.data.find((m: { id: string }) => m.id === model);
    expect(listed.price_per_second).toBe("$0.175");

    await page.goto("/console/audit");
    await page.getByLabel("Actor").fill(admin.email);
    await page.getByRole("button", { name: "Filter" }).click();
    const row = page.getByTestId("audit-log").getByRole("row").filter({ hasText: "catalog.update" });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText("$0.175");
  });
});

test("an admin edits a model's Russian description: audited, shown to Russian readers, the API's purpose unchanged", async ({
  page,
  context,
}) => {
  const model = "gen-3-1080";
  const customer = await newAccount();
  const text = `Реклама и ролики о продуктах ${Date.now()}`;
  await withCatalogEdit(model, async (before) => {
    const admin = await signedInAccount(page, { role: "admin" });
    await page.goto("/console/catalog");
    const form = page.getByRole("form", { name: `Edit ${model}` });
    await expect(form.getByLabel("Purpose in Russian")).toHaveValue(before.purposeRu);
    await form.getByLabel("Purpose in Russian").fill(text);
    await form.getByRole("button", { name: "Save changes" }).click();
    const dialog = page.getByRole("dialog", { name: `Update ${model}?` });
    await dialog.getByRole("button", { name: "Save", exact: true }).click();
    await expect(dialog).toBeHidden();

    await page.goto("/console/audit");
    await page.getByLabel("Actor").fill(admin.email);
    await page.getByRole("button", { name: "Filter" }).click();
    const row = page.getByTestId("audit-log").getByRole("row").filter({ hasText: "catalog.update" });
    await expect(row).toContainText(text);

    const listed = (await (await customer.call("/api/v1/models")).json()).data.find((m: { id: string }) => m.id === model);
    expect(listed.purpose).toBe(before.purpose);

    await context.addCookies([{ name: "locale", value: "ru", url: BASE_URL }]);
    await page.goto("/");
    await expect(page.getByRole("article", { name: model })).toContainText(text);
  });
});
