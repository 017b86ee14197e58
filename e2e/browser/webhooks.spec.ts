import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test } from "./support/test";
import { issueApiKey } from "@vgen/engine/accounts";
import { callApi, db } from "../support/fixtures";
import { signedInAccount } from "./support/session";

// Needs the app started with ALLOW_PRIVATE_NETWORK_FETCH=1 and WEBHOOK_RETRY_SCHEDULE=1s,1s,2s.

test("the delivery log shows each attempt with the request it sent, a delivery can be resent, and the secret can be revealed and rotated", async ({
  page,
  context,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  // A receiver that fails the first request with 500 and accepts the rest.
  let hits = 0;
  const sent: { headers: Record<string, string>; body: string }[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      hits += 1;
      sent.push({ headers: req.headers as Record<string, string>, body: Buffer.concat(chunks).toString("utf8") });
      if (hits === 1) res.writeHead(500, { "content-type": "text/plain" }).end("receiver exploded");
      else res.writeHead(200, { "content-type": "text/plain" }).end(`ok ${hits}`);
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const hookUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/vgen`;
  try {
    const { id } = await signedInAccount(page, { balance: "5.00" });
    await page.goto("/dashboard/webhooks");
    await expect(page.getByRole("heading", { name: "Webhooks", exact: true })).toBeVisible();
    await expect(page.getByText("No deliveries yet")).toBeVisible();

    // Secret: hidden by default, revealed on demand, copied, rotated after confirmation.
    const secretBox = page.getByTestId("webhook-secret");
    const { webhookSecret } = await db().account.findUniqueOrThrow({ where: { id } });
    await expect(secretBox).not.toContainText(webhookSecret);
    await page.getByRole("button", { name: "Reveal" }).click();
    await expect(secretBox).toHaveText(webhookSecret);
    await page.getByRole("button", { name: "Copy", exact: true }).click();
    await expect(page.getByRole("button", { name: "Copied" })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(webhookSecret);
    await page.getByRole("button", { name: "Hide" }).click();
    await expect(secretBox).not.toContainText(webhookSecret);

    // A generation whose callback fails once, then succeeds on the automatic retry.
    const { key } = await issueApiKey(db(), id, "webhooks test");
    const res = await callApi(key, "/api/v1/videos/generations", {
      method: "POST",
      json: { model: "gen-3.1-fast", duration: 1, prompt: "a lighthouse at dusk", webHook: hookUrl },
    });
    expect(res.status).toBe(202);
    const generation = await res.json();

    const delivery = page.getByTestId("webhook-delivery").filter({ hasText: generation.id });
    await expect(delivery).toBeVisible({ timeout: 90_000 });
    await expect(delivery).toContainText("generation.completed");
    await expect(delivery).toContainText(hookUrl);
    await expect(delivery).toContainText("delivered", { timeout: 30_000 });
    await expect(delivery.getByTestId("delivery-attempts")).toHaveText("2 attempts");
    await expect(delivery).toContainText("last response 200");

    // Expand: each attempt with its time, status code, duration and response.
    await delivery.getByText("Attempts", { exact: true }).click();
    const attempts = delivery.getByTestId("webhook-attempt");
    await expect(attempts).toHaveCount(2);
    await expect(attempts.nth(0)).toContainText("500");
    await expect(attempts.nth(0)).toContainText("receiver exploded");
    await expect(attempts.nth(0)).toContainText("HTTP 500");
    await expect(attempts.nth(0)).toContainText(/\d+ ms/);
    await expect(attempts.nth(1)).toContainText("200");
    await expect(attempts.nth(1)).toContainText("ok 2");
    await page.screenshot({ path: "test-results/webhooks.png", fullPage: true });

    // Resend by hand: a third, manual attempt.
    await delivery.getByRole("button", { name: "Resend" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Resent: the receiver accepted it." })).toBeVisible();
    await expect(delivery.getByTestId("delivery-attempts")).toHaveText("3 attempts");
    await expect(attempts).toHaveCount(3);
    await expect(attempts.nth(2)).toContainText("(resend)");
    await expect(attempts.nth(2)).toContainText("ok 3");
    expect(hits).toBe(3);

    // Each attempt shows the exact request it sent; a resend is the same event (webhook-id, body).
    expect(new Set(sent.map((s) => s.headers["webhook-id"]))).toEqual(new Set([sent[0]!.headers["webhook-id"]]));
    expect(new Set(sent.map((s) => s.body)).size).toBe(1);
    for (const [n, request] of sent.entries()) {
      const shown = attempts.nth(n).getByTestId("sent-request");
      await shown.getByText("Request sent").click();
      for (const name of ["webhook-id", "webhook-timestamp", "webhook-signature", "content-type"]) {
        await expect(shown.getByTestId("sent-headers")).toContainText(`${name}: ${request.headers[name]}`);
      }
      await expect(shown.getByTestId("sent-body")).toHaveText(request.body);
    }
    await page.screenshot({ path: "test-results/webhooks-sent-request.png", fullPage: true });

    // The generation's page shows the same request.
    await page.goto(`/dashboard/generations/${generation.id}`);
    const onGeneration = page.getByTestId("generation-deliveries").getByTestId("sent-request");
    await onGeneration.getByText("Request sent").click();
    await expect(onGeneration.getByTestId("sent-body")).toHaveText(sent[0]!.body);
    await expect(onGeneration.getByTestId("sent-headers")).toContainText(
      `webhook-signature: ${sent[2]!.headers["webhook-signature"]}`,
    );
    await page.goto("/dashboard/webhooks");

    // Rotate with confirmation: the shown secret changes to the stored new one.
    await page.getByRole("button", { name: "Rotate secret" }).click();
    const dialog = page.getByRole("dialog", { name: "Rotate the signing secret?" });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Rotate" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText("The secret was rotated.")).toBeVisible();
    const after = (await db().account.findUniqueOrThrow({ where: { id } })).webhookSecret;
    expect(after).not.toBe(webhookSecret);
    expect(after).toMatch(/^whsec_/);
    await expect(secretBox).toHaveText(after);
  } finally {
    await new Promise<void>((r) => server.close(() => r()));
  }
});
