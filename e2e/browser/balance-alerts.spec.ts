// Balance alerts (docs/api.md#balance-alerts) through the dashboard: set both thresholds on the
// Balance & history page, subscribe an endpoint to the account events, and see a generation that
// crosses them produce the email and the signed events, shown in the endpoint's delivery log.
// Desktop and a 390 px phone. Needs the app started with ALLOW_PRIVATE_NETWORK_FETCH=1.
import { createHmac } from "node:crypto";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, type Page, test } from "./support/test";
import { issueApiKey } from "@vgen/engine/accounts";
import { callApi, db, waitForTerminal } from "../support/fixtures";
import { signedInAccount } from "./support/session";

async function expectNoHorizontalScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
}

for (const viewport of [
  { name: "desktop", width: 1280, height: 900 },
  { name: "phone", width: 390, height: 844 },
]) {
  test(`${viewport.name}: thresholds set in the dashboard alert by email and webhook once a generation crosses them`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    const received: { headers: IncomingHttpHeaders; body: string }[] = [];
    const server: Server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        received.push({ headers: req.headers, body: Buffer.concat(chunks).toString("utf8") });
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const hookUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/alerts/${viewport.name}`;
    try {
      const account = await signedInAccount(page, { balance: "1.00" });

      // An endpoint subscribed to both account events only.
      await page.goto("/dashboard/webhooks");
      await page.getByRole("button", { name: "Add endpoint" }).click();
      await page.getByLabel("Endpoint URL").fill(hookUrl);
      for (const ev of ["completed", "failed", "canceled"]) {
        await page.getByRole("checkbox", { name: new RegExp(`generation\\.${ev}`) }).uncheck();
      }
      await page.getByRole("checkbox", { name: /account\.balance_low/ }).check();
      await page.getByRole("checkbox", { name: /account\.spend_threshold_reached/ }).check();
      await page.getByRole("form", { name: "Add endpoint" }).getByRole("button", { name: "Add endpoint" }).click();
      const secret = (await page.getByTestId("endpoint-secret").textContent())!;
      const row = page.getByTestId("webhook-endpoint").filter({ hasText: hookUrl });
      await expect(row).toContainText("account.balance_low, account.spend_threshold_reached");

      // Thresholds: a malformed amount is refused in the form; valid ones are saved and shown again.
      await page.goto("/dashboard/billing");
      const form = page.getByRole("form", { name: "Balance alerts" });
      const low = form.getByLabel("Low balance (USD)");
      const spend = form.getByLabel("Monthly spend (USD)");
      await expect(low).toHaveValue("");
      await low.fill("0.5.0");
      await form.getByRole("button", { name: "Save alerts" }).click();
      await expect(form.getByRole("alert")).toContainText("dollar amount");
      await low.fill("0.50");
      await spend.fill("$0.6");
      await form.getByRole("button", { name: "Save alerts" }).click();
      await expect(form.getByRole("status")).toHaveText("Alert thresholds saved.");
      const saved = await db().account.findUniqueOrThrow({ where: { id: account.id } });
      expect(saved.lowBalanceThresholdMicros).toBe(500_000n);
      expect(saved.monthlySpendThresholdMicros).toBe(600_000n);
      await page.reload();
      await expect(low).toHaveValue("0.50");
      await expect(spend).toHaveValue("0.60");
      await expectNoHorizontalScroll(page);

      // A $0.60 generation: the hold takes the balance to $0.40 (below $0.50), its charge reaches $0.60.
      const { key } = await issueApiKey(db(), account.id, "alerts e2e");
      const res = await callApi(key, "/api/v1/videos/generations", {
        method: "POST",
        json: { model: "gen-3.1-fast", prompt: "alerts", duration: 1, stream: false },
      });
      expect(res.status).toBe(202);
      const rec = await res.json();
      const final = await waitForTerminal({ ...account, key, call: (p, init) => callApi(key, p, init) }, rec.id);
      expect(final.status).toBe("completed");

      const types = () => received.map((r) => (JSON.parse(r.body) as { type: string }).type).sort();
      await expect.poll(types, { timeout: 30_000 }).toEqual(["account.balance_low", "account.spend_threshold_reached"]);
      const events = received.map((r) => {
        const signed = `${r.headers["webhook-id"]}.${r.headers["webhook-timestamp"]}.${r.body}`;
        const mac = createHmac("sha256", Buffer.from(secret.replace(/^whsec_/, ""), "base64"))
          .update(signed)
          .digest("base64");
        expect(String(r.headers["webhook-signature"]).split(" ")).toContain(`v1,${mac}`);
        return JSON.parse(r.body) as { type: string; data: Record<string, string> };
      });
      expect(events.find((e) => e.type === "account.balance_low")!.data).toMatchObject({
        account_id: account.id,
        threshold: "$0.500",
        balance: "$0.400",
      });
      expect(events.find((e) => e.type === "account.spend_threshold_reached")!.data).toMatchObject({
        account_id: account.id,
        threshold: "$0.600",
        spend: "$0.600",
        balance: "$0.400",
      });
      const mails = await db().outboundEmail.findMany({ where: { accountId: account.id }, orderBy: { createdAt: "asc" } });
      expect(mails.map((m) => m.subject).sort()).toEqual([
        "Your vgen balance is below $0.50",
        "Your vgen spend this month reached $0.60",
      ]);
      expect(mails.every((m) => m.to === account.email)).toBe(true);

      // The dashboard says the alerts went out, and the endpoint's log shows both deliveries.
      await page.reload();
      await expect(form).toContainText("Sent: the balance is below $0.50.");
      await expect(form).toContainText(`Sent for ${new Date().toISOString().slice(0, 7)} (UTC)`);
      await page.goto("/dashboard/webhooks");
      await row.getByRole("link", { name: `Manage ${hookUrl}` }).click();
      for (const type of ["account.balance_low", "account.spend_threshold_reached"]) {
        const delivery = page.getByTestId("webhook-delivery").filter({ hasText: type });
        await expect(delivery).toHaveCount(1);
        await expect(delivery).toContainText("delivered");
      }
      await expectNoHorizontalScroll(page);

      // Clearing a field turns its alert off.
      await page.goto("/dashboard/billing");
      await low.fill("");
      await form.getByRole("button", { name: "Save alerts" }).click();
      await expect(form.getByRole("status")).toHaveText("Alert thresholds saved.");
      const cleared = await db().account.findUniqueOrThrow({ where: { id: account.id } });
      expect(cleared.lowBalanceThresholdMicros).toBeNull();
      expect(cleared.monthlySpendThresholdMicros).toBe(600_000n);
    } finally {
      await new Promise<void>((r) => server.close(() => r()));
    }
  });
}
