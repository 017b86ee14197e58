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
