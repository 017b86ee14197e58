import { expect, test } from "./support/test";

test("the error catalog lists every code with an anchor; #rate_limited shows 429", async ({ page }) => {
  const catalog = await (await page.request.get("/api/v1/errors")).json();
  await page.goto("/errors");
  await expect(page.getByRole("heading", { level: 1, name: "Error catalog" })).toBeVisible();
  for (const entry of catalog.data) await expect(page.locator(`[id="${entry.code}"]`)).toHaveCount(1);
  await expect(page.getByRole("heading", { name: "Generation failure codes" })).toBeVisible();
  await expect(page.locator("#render_failed")).toContainText("in failed record");
  // The sample response is what the API sends: doc_url is this deployment's real address.
  const origin = process.env.BASE_URL!.replace(/\/$/, "");
  await expect(page.locator("main pre").first()).toContainText(`"doc_url": "${origin}/errors#insufficient_balance"`);
  expect(await page.locator("main").textContent()).not.toContain("{base_url}");

  // Follow an anchor link, as a doc_url does.
  await page.locator('nav[aria-label="Error codes"] a[href="#rate_limited"]').click();
  await expect(page).toHaveURL(/\/errors#rate_limited$/);
  const entry = page.locator("#rate_limited");
  await expect(entry).toBeInViewport();
  await expect(entry.getByTestId("http-status")).toHaveText(/429/);
  await expect(entry).toContainText("Retry-After");

  // A doc_url opened directly lands on its entry too.
  await page.goto("/errors#insufficient_balance");
  await expect(page.locator("#insufficient_balance")).toBeInViewport();
  await expect(page.locator("#insufficient_balance").getByTestId("http-status")).toHaveText(/402/);
});

test("the API reference renders the generation endpoint from the OpenAPI document and links to the error catalog", async ({
  page,
}) => {
  await page.goto("/docs");
  await expect(page.getByRole("heading", { level: 1 })).toContainText("API");
  const create = page.locator("#createGeneration");
  await expect(create.getByRole("heading", { name: "Create a generation" })).toBeVisible();
  await expect(create).toContainText("/api/v1/videos/generations");
  await expect(create).toContainText("text/event-stream");
  await expect(create).toContainText("Idempotency-Key");
  for (const field of ["model", "prompt", "firstFrameUrl", "lastFrameUrl", "urls", "aspectRatio", "size", "webHook", "stream"]) {
    await expect(create.locator("code", { hasText: new RegExp(`^${field}$`) }).first()).toBeVisible();
  }
  await expect(create.getByText("unknown_parameter").first()).toBeAttached();
  // The "Codes by HTTP status" line is followed by its list, one item per status.
  const codes = page.locator("#errors p", { hasText: "Codes by HTTP status" });
  await expect(codes).toBeVisible();
  const list = codes.locator("xpath=following-sibling::ul[1]");
  await expect(list.getByRole("listitem").first()).toBeVisible();
  await expect(list.getByRole("listitem").filter({ hasText: "402" })).toContainText("insufficient_balance");
  for (const id of [
    "listGenerations",
    "streamGenerationEvents",
    "getGenerationResult",
    "cancelGeneration",
    "listModels",
    "listErrors",
    "getStatus",
    "getOpenApiDocument",
  ]) {
    await expect(page.locator(`#${id}`)).toHaveCount(1);
  }
  // Resuming a stream: the header, and the 204 that ends it, with the stream's wire example.
  const events = page.locator("#streamGenerationEvents");
  await expect(events).toContainText("Last-Event-ID");
  await expect(events.locator("details > summary").filter({ hasText: "204" })).toHaveCount(1);
  // Success responses are shown open.
  const ok = events.locator("details").filter({ has: page.locator("summary", { hasText: "200" }) });
  await expect(ok.locator("pre", { hasText: "event: generation" })).toBeVisible();

  // Interactive: "Try it" sends a real request to this server.
  await page.locator("#listModels").getByRole("button", { name: "Try it" }).click();
  await page.locator("#listModels").getByRole("button", { name: "Send GET" }).click();
  await expect(page.locator("#listModels")).toContainText("401");
  await expect(page.locator("#listModels")).toContainText("missing_api_key");

  await page.getByRole("link", { name: "error catalog", exact: true }).first().click();
  await expect(page).toHaveURL(/\/errors$/);
});

test("the status page shows the indicator, success rate, response time and 90 daily bars", async ({ page }) => {
  const status = await (await page.request.get("/api/v1/status")).json();
  await page.goto("/status");
  await expect(page.getByRole("heading", { level: 1, name: "Status" })).toBeVisible();
  await expect(page.getByTestId("api-status")).toHaveText("in development");
  // Health and release stage are told apart: the indicator never says "Stable" beside "in development".
  await expect(page.getByText("Release stage")).toBeVisible();
  await expect(page.getByTestId("status-indicator")).toContainText(/Operational|Degraded|Outage/);
  await expect(page.getByTestId("status-indicator")).not.toContainText("Stable");
  await expect(page.getByTestId("success-rate")).toHaveText(/^\d{1,3}\.\d{2}%$/);
  await expect(page.getByTestId("response-time")).toHaveText(/^(\d+ ms|no data)$/);
  await expect(page.getByTestId("status-bars").locator("rect")).toHaveCount(90);
  await expect(page.getByRole("img", { name: /Daily success over the last 90 days/ })).toBeVisible();
  expect(status.days).toHaveLength(90);
  await expect(page.getByRole("link", { name: "error catalog", exact: true })).toBeVisible();
});
