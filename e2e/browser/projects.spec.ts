import { archiveProject, createProject } from "@vgen/engine/projects";
import { expect, test } from "./support/test";
import { callApi, db } from "../support/fixtures";
import { signedInAccount } from "./support/session";

test("create a project with a cap, share and model, issue a key in it: the API holds the key to the project", async ({
  page,
}) => {
  const account = await signedInAccount(page);
  await page.goto("/dashboard/projects");
  await expect(page.getByRole("heading", { name: "Projects", level: 1 })).toBeVisible();
  const rows = page.getByTestId("project-row");
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText("Default project");

  await page.getByRole("button", { name: "New project" }).click();
  const dialog = page.getByRole("dialog", { name: "New project" });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel("Name").fill("Mobile app");
  await dialog.getByLabel("Monthly spend cap (USD)").fill("25");
  // More than the organization's whole rate is refused in the browser, before any request.
  await dialog.getByLabel("Rate-limit share (%)").fill("150");
  await dialog.getByRole("button", { name: "Create project" }).click();
  await expect(dialog.getByRole("alert")).toBeVisible();
  expect(await db().project.count({ where: { accountId: account.id } })).toBe(1);
  await dialog.getByLabel("Rate-limit share (%)").fill("50");
  await dialog.getByRole("checkbox", { name: "gen-3.1-fast" }).check();
  await dialog.getByRole("button", { name: "Create project" }).click();
  await expect(dialog).toHaveCount(0);

  const row = rows.filter({ hasText: "Mobile app" });
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId("project-cap")).toContainText("$25");
  await expect(row.getByTestId("project-share")).toHaveText("50%");
  const project = await db().project.findFirstOrThrow({ where: { accountId: account.id, name: "Mobile app" } });
  expect(project).toMatchObject({ monthlySpendCapMicros: 25_000_000n, rateLimitShare: 50, allowedModels: ["gen-3.1-fast"] });

  // A key issued in the project.
  await page.goto("/dashboard/api-keys");
  await page.getByLabel("Key name").fill("mobile");
  await page.getByLabel("Project", { exact: true }).selectOption({ label: "Mobile app" });
  await page.getByRole("button", { name: "Issue key" }).click();
  const key = (await page.getByTestId("new-key-value").textContent())!.trim();
  const issued = await db().apiKey.findFirstOrThrow({ where: { accountId: account.id, name: "mobile" } });
  expect(issued.projectId).toBe(project.id);
  // The project's models bind the key.
  const refused = await callApi(key, "/api/v1/videos/generations", {
    method: "POST",
    json: { model: "gen-3-1080", prompt: "not this model", duration: 1, stream: false },
  });
  expect(refused.status).toBe(403);
  expect((await refused.json()).error.code).toBe("key_model_not_allowed");
  const models = await (await callApi(key, "/api/v1/models")).json();
  expect(models.data.map((m: { id: string }) => m.id)).toEqual(["gen-3.1-fast"]);
});

test("a project's creation is in the audit log, a webhook endpoint can be bound to it, and staff see the projects", async ({
  page,
}) => {
  const owner = await signedInAccount(page);
  await page.goto("/dashboard/projects");
  await page.getByRole("button", { name: "New project" }).click();
  const dialog = page.getByRole("dialog", { name: "New project" });
  await dialog.getByLabel("Name").fill("Checkout");
  await dialog.getByLabel("Monthly spend cap (USD)").fill("12.50");
  await dialog.getByRole("button", { name: "Create project" }).click();
  await expect(dialog).toHaveCount(0);
  const checkout = await db().project.findFirstOrThrow({ where: { accountId: owner.id, name: "Checkout" } });
  // Made outside the dashboard (no member acted): it shows in the console but not in the audit log.
  const old = await createProject(db(), owner.id, {
    name: "Legacy",
    monthlySpendCapMicros: null,
    rateLimitShare: 20,
    allowedModels: [],
  });
  await archiveProject(db(), owner.id, old.id);

  await page.goto("/dashboard/audit-log");
  const created = page.getByTestId("audit-row").filter({ hasText: "project.created" });
  await expect(created).toHaveCount(1);
  await expect(created).toContainText("Project created");
  await expect(created).toContainText(owner.email);

  // An endpoint for the project's events only; then back to every project's.
  const hookUrl = "http://127.0.0.1:9/hooks/checkout";
  await page.goto("/dashboard/webhooks");
  await page.getByRole("button", { name: "Add endpoint" }).click();
  const form = page.getByRole("form", { name: "Add endpoint" });
  await form.getByLabel("Endpoint URL").fill(hookUrl);
  await expect(form.getByLabel("Project", { exact: true })).toHaveValue("");
  await form.getByLabel("Project", { exact: true }).selectOption({ label: "Checkout" });
  await form.getByRole("button", { name: "Add endpoint" }).click();
  const row = page.getByTestId("webhook-endpoint").filter({ hasText: hookUrl });
  await expect(row.getByTestId("endpoint-project")).toContainText("Checkout");
  const endpoint = await db().webhookEndpoint.findFirstOrThrow({ where: { accountId: owner.id } });
  expect(endpoint.projectId).toBe(checkout.id);

  await row.getByRole("link", { name: `Manage ${hookUrl}` }).click();
  await page.waitForURL(`**/dashboard/webhooks/endpoints/${endpoint.id}`);
  await expect(page.getByTestId("endpoint-project")).toHaveText("Checkout");
  await page.getByRole("button", { name: "Edit" }).click();
  await expect(page.getByLabel("Project", { exact: true })).toHaveValue(checkout.id);
  await page.getByLabel("Project", { exact: true }).selectOption({ label: "All projects" });
  await page.getByRole("button", { name: "Save endpoint" }).click();
  await expect(page.getByTestId("endpoint-project")).toHaveText("All projects");
  expect((await db().webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } })).projectId).toBeNull();
  await page.goto("/dashboard/audit-log");
  await expect(page.getByTestId("audit-row").filter({ hasText: "webhook_endpoint.updated" })).toContainText("projectId");

  // Staff: the organization's projects with their limits, the archived one marked.
  await signedInAccount(page, { role: "support" });
  await page.goto(`/console/accounts/${owner.id}`);
  const projects = page.getByTestId("account-projects");
  await expect(projects.getByRole("row")).toHaveCount(4);
  await expect(projects.getByRole("row").filter({ hasText: "Default project" })).toContainText("default");
  const staffRow = projects.getByRole("row").filter({ hasText: "Checkout" });
  await expect(staffRow).toContainText("$12.50");
  await expect(staffRow).toContainText("100%");
  await expect(staffRow.locator('[data-col="models"]')).toHaveText("all");
  await expect(staffRow.locator('[data-col="archived"]')).toHaveText("—");
  const legacy = projects.getByRole("row").filter({ hasText: "Legacy" });
  await expect(legacy.locator('[data-col="share"]')).toHaveText("20%");
  await expect(legacy.locator('[data-col="archived"]')).not.toHaveText("—");
});
