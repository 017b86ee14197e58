// Security headers on every page type, and the pages still work under their Content-Security-Policy:
// each page is loaded in Chromium and any policy violation (a blocked script, style, image, media or
// request) fails the test. The dashboard cannot be framed by another site.
import { expect, test, type Page, type Response } from "./support/test";
import { signedInAccount } from "./support/session";

const PUBLIC_PAGES = [
  "/",
  "/docs",
  "/errors",
  "/status",
  "/signin",
  "/signup",
  "/forgot-password",
  "/reset-password",
  "/verify-email",
  "/confirm-email",
];
const DASHBOARD_PAGES = [
  "/dashboard",
  "/dashboard/api-keys",
  "/dashboard/billing",
  "/dashboard/invoices",
  "/dashboard/models",
  "/dashboard/account",
  "/dashboard/playground",
  "/dashboard/quickstart",
  "/dashboard/subscriptions",
  "/dashboard/test-balance",
  "/dashboard/usage",
  "/dashboard/webhooks",
];
const CONSOLE_PAGES = ["/console", "/console/audit", "/console/catalog", "/console/outbox", "/console/test-balance"];

/** Records every CSP violation the page reports, from before its first script runs. */
async function watchViolations(page: Page): Promise<string[]> {
  const seen: string[] = [];
  await page.exposeFunction("__reportCspViolation", (v: string) => seen.push(v));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) => {
      (window as unknown as { __reportCspViolation(v: string): void }).__reportCspViolation(
        `${e.violatedDirective} blocked ${e.blockedURI || "inline"}`,
      );
    });
  });
  page.on("console", (msg) => {
    if (msg.type() === "error" && /Content Security Policy/i.test(msg.text())) seen.push(msg.text());
  });
  return seen;
}

function expectPageHeaders(res: Response | null, path: string) {
  expect(res, path).not.toBeNull();
  const h = res!.headers();
  const csp = h["content-security-policy"] ?? "";
  expect(csp, path).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+' 'strict-dynamic'/);
  expect(csp, path).toContain("frame-ancestors 'none'");
  expect(csp, path).toContain("object-src 'none'");
  expect(h["x-frame-options"], path).toBe("DENY");
  expect(h["x-content-type-options"], path).toBe("nosniff");
  expect(h["referrer-policy"], path).toBe("strict-origin-when-cross-origin");
  expect(h["permissions-policy"], path).toContain("camera=()");
  // Served over plain http here: no HSTS (see the https case below).
  expect(h["strict-transport-security"], path).toBeUndefined();
}

async function visit(page: Page, path: string, violations: string[]) {
  const before = violations.length;
  const res = await page.goto(path);
  expectPageHeaders(res, path);
  await page.waitForLoadState("networkidle");
  expect(violations.slice(before), `CSP violations on ${path}`).toEqual([]);
  return res!;
}

test("public pages, dashboard, console and 404 carry the security headers and run under their policy", async ({ page }) => {
  const violations = await watchViolations(page);
  // Link pages opened without their token answer with a message, not an error.
  for (const path of PUBLIC_PAGES) expect((await visit(page, path, violations)).status(), path).toBeLessThan(500);
  const notFound = await visit(page, "/no-such-page", violations);
  expect(notFound.status()).toBe(404);

  const staff = await signedInAccount(page, { role: "admin" });
  for (const path of [...DASHBOARD_PAGES, ...CONSOLE_PAGES, `/console/accounts/${staff.id}`]) {
    expect((await visit(page, path, violations)).status(), path).toBe(200);
  }
  // Client-side navigation (scripts loaded after hydration) stays within the policy too.
  await page.goto("/dashboard");
  await page.getByRole("link", { name: "API keys" }).first().click();
  await page.waitForURL("**/dashboard/api-keys");
  await page.waitForLoadState("networkidle");
  expect(violations).toEqual([]);
  // Each response has its own nonce.
  const a = (await page.request.get("/signin")).headers()["content-security-policy"];
  const b = (await page.request.get("/signin")).headers()["content-security-policy"];
  expect(a).not.toBe(b);
});

test("pages cannot be framed by another site", async ({ page, baseURL }) => {
  // The sign-in page is the one a clickjacking page would frame (the dashboard's cookies are not
  // sent to a cross-site frame anyway); it renders its form without any session.
  await page.setContent(`<iframe src="${baseURL}/signin" width="800" height="600"></iframe>`);
  await expect.poll(() => page.frames().length).toBe(2);
  const framed = page.frames()[1]!;
  await framed.waitForLoadState("load");
  expect(await framed.getByRole("button", { name: "Sign in" }).count()).toBe(0);
  expect(framed.url()).not.toContain("/signin");
});

test("API responses and stored outputs carry the headers; HSTS is sent when served over https", async ({ request }) => {
  // Answers of every layer: node routes, Next.js routes, the request guard, errors rewritten to the envelope.
  const paths = [
    "/api/v1/models",
    "/api/v1/status",
    "/api/v1/videos/generations/vid_x/events",
    "/api/health",
    "/api/v1/no-such-route",
    "/api/v1/videos/generations/%zz/events",
    "/cdn/missing.mp4",
  ];
  for (const path of paths) {
    const h = (await request.get(path)).headers();
    expect(h["x-content-type-options"], path).toBe("nosniff");
    expect(h["x-frame-options"], path).toBe("DENY");
    expect(h["referrer-policy"], path).toBe("strict-origin-when-cross-origin");
    if (path.startsWith("/api/")) expect(h["content-security-policy"], path).toBe("default-src 'none'; frame-ancestors 'none'");
  }
  const behindTls = await request.get("/signin", { headers: { "x-forwarded-proto": "https" } });
  expect(behindTls.headers()["strict-transport-security"]).toMatch(/^max-age=\d{7,}/);
  expect(behindTls.headers()["content-security-policy"]).toContain("upgrade-insecure-requests");
  const api = await request.get("/api/v1/models", { headers: { "x-forwarded-proto": "https" } });
  expect(api.headers()["strict-transport-security"]).toMatch(/^max-age=\d{7,}/);
});
