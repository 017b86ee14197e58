import { createHmac } from "node:crypto";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, type Page, test } from "./support/test";
import { createEndpoint } from "@vgen/engine/delivery";
import { db } from "../support/fixtures";
import { signedInAccount } from "./support/session";

// Needs the app started with ALLOW_PRIVATE_NETWORK_FETCH=1 (the receiver listens on 127.0.0.1).

async function expectNoHorizontalScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
}

for (const viewport of [
  { name: "desktop", width: 1280, height: 900 },
  { name: "phone", width: 390, height: 844 },
]) {
  test(`${viewport.name}: add an endpoint, send a test event, see it in the endpoint's log, edit and disable it`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    const received: { headers: IncomingHttpHeaders; body: string }[] = [];
    const server: Server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        received.push({ headers: req.headers, body: Buffer.concat(chunks).toString("utf8") });
        res.writeHead(200, { "content-type": "text/plain" }).end("pong");
      });
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const hookUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/${viewport.name}`;
    try {
      const { id: accountId } = await signedInAccount(page, { balance: "1.00" });
      await page.goto("/dashboard/webhooks");
      await expect(page.getByText("No endpoints")).toBeVisible();

      // Add: URL, description, events (the terminal three are preselected; add progress).
      await page.getByRole("button", { name: "Add endpoint" }).click();
      await page.getByLabel("Endpoint URL").fill(hookUrl);
      await page.getByLabel("Description").fill("Order pipeline");
      await page.getByRole("checkbox", { name: /generation\.progress/ }).check();
      await page.getByRole("checkbox", { name: /generation\.canceled/ }).uncheck();
      await page.getByRole("form", { name: "Add endpoint" }).getByRole("button", { name: "Add endpoint" }).click();
      const secret = (await page.getByTestId("endpoint-secret").textContent())!;
      expect(secret).toMatch(/^whsec_/);
      const row = page.getByTestId("webhook-endpoint").filter({ hasText: hookUrl });
      await expect(row).toContainText("Order pipeline");
      await expect(row).toContainText("generation.progress, generation.completed, generation.failed");
      await expect(row).toContainText("enabled");
      const stored = await db().webhookEndpoint.findFirstOrThrow({ where: { accountId } });
      expect(stored).toMatchObject({ url: hookUrl, secret, enabled: true });
      await expectNoHorizontalScroll(page);

      // Manage → Send test event: delivered, signed with the endpoint's secret, in its log.
      await row.getByRole("link", { name: `Manage ${hookUrl}` }).click();
      await page.waitForURL(`**/dashboard/webhooks/endpoints/${stored.id}`);
      await expect(page.getByRole("heading", { name: "Webhook endpoint", level: 1 })).toBeVisible();
      await page.getByRole("button", { name: "Send test event" }).click();
      await expect(page.getByTestId("test-event-result")).toHaveText("Test event delivered: the endpoint answered 2xx.");
      expect(received).toHaveLength(1);
      const r = received[0]!;
      const key = Buffer.from(secret.replace(/^whsec_/, ""), "base64");
      const expected = createHmac("sha256", key)
        .update(`${r.headers["webhook-id"]}.${r.headers["webhook-timestamp"]}.${r.body}`)
        .digest("base64");
      expect(String(r.headers["webhook-signature"]).split(" ")).toContain(`v1,${expected}`);
      expect(JSON.parse(r.body)).toMatchObject({ type: "webhook.test", data: { endpoint_id: stored.id } });

      const delivery = page.getByTestId("webhook-delivery").filter({ hasText: "webhook.test" });
      await expect(delivery).toHaveCount(1);
      await expect(delivery).toContainText("delivered");
      await expect(delivery.getByTestId("delivery-attempts")).toHaveText("1 attempt");
      await expect(delivery).toContainText("last response 200");
      await delivery.getByText("Attempts", { exact: true }).click();
      const attempt = delivery.getByTestId("webhook-attempt");
      await expect(attempt).toContainText("200");
      await expect(attempt).toContainText("pong");
      await expect(attempt).toContainText(/\d+ ms/);
      await expectNoHorizontalScroll(page);
      await page.screenshot({ path: `test-results/webhook-endpoint-${viewport.name}.png`, fullPage: true });

      // Edit the events, then disable: both saved.
      await page.getByRole("button", { name: "Edit" }).click();
      await page.getByRole("checkbox", { name: /generation\.processing/ }).check();
      await page.getByRole("button", { name: "Save endpoint" }).click();
      await expect(page.getByTestId("endpoint-events")).toHaveText(
        "generation.processing, generation.progress, generation.completed, generation.failed",
      );
      await page.getByRole("button", { name: "Disable" }).click();
      await expect(page.getByRole("button", { name: "Enable" })).toBeVisible();
      const after = await db().webhookEndpoint.findUniqueOrThrow({ where: { id: stored.id } });
      expect(after.enabled).toBe(false);
      expect(after.events).toEqual(["generation.processing", "generation.progress", "generation.completed", "generation.failed"]);
    } finally {
      await new Promise<void>((r) => server.close(() => r()));
    }
  });
}

test("a paused endpoint is flagged on the webhooks page and its own page, and Resume lifts the pause", async ({ page }) => {
  const { id: accountId } = await signedInAccount(page, { balance: "1.00" });
  const { endpoint } = await createEndpoint(db(), accountId, { url: "http://127.0.0.1:9/down", description: "", events: [] });
  // As the circuit leaves it after repeated failures (delivery/circuit.ts; the rule is unit-tested).
  const pausedAt = new Date("2026-11-27T09:00:00.000Z");
  await db().webhookEndpoint.update({
    where: { id: endpoint.id },
    data: { pausedAt, probeAt: new Date("2026-11-27T09:10:00.000Z") },
  });
  await page.goto("/dashboard/webhooks");
  await expect(page.getByTestId("endpoints-paused")).toContainText("1 endpoint is paused");
  const row = page.getByTestId("webhook-endpoint").filter({ hasText: endpoint.url });
  await expect(row).toContainText("paused");
  await expect(row).toContainText("next probe at 2026-11-27 09:10:00 UTC");

  await row.getByRole("link", { name: `Manage ${endpoint.url}` }).click();
  const notice = page.getByTestId("endpoint-paused");
  await expect(notice).toContainText("Deliveries to this endpoint are paused");
  await notice.getByRole("button", { name: "Resume deliveries" }).click();
  await expect(notice).toBeHidden();
  await expect(page.getByText("enabled", { exact: true })).toBeVisible();
  expect(await db().webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } })).toMatchObject({
    pausedAt: null,
    probeAt: null,
  });
});
