// Every page of the site, public, dashboard and console, at 1440 × 900 and on a 390 px phone, in
// English and in Russian: axe finds no critical or serious violation, and the page does not scroll
// sideways. The pages are listed from apps/web/src/app, so a new page is audited without editing this.
import { readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import AxeBuilder from "@axe-core/playwright";
import { parseUsd } from "@vgen/contracts";
import { createAccount, issueApiKey } from "@vgen/engine/accounts";
import { creditAccount } from "@vgen/engine/billing";
import { createEndpoint } from "@vgen/engine/delivery";
import { pendingInvitationToken } from "../support/invitations";
import { BASE_URL, callApi, db, uniqueEmail, waitForTerminal } from "../support/fixtures";
import { BrowserSession } from "../support/browser-session";
import { expect, type Page, test } from "./support/test";
import { TEST_PASSWORD } from "./support/session";

const APP_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../apps/web/src/app");

/** Route patterns of every page.tsx under apps/web/src/app, e.g. "/dashboard/generations/[id]". */
function routesOnDisk(dir = APP_DIR, route = ""): string[] {
  const routes: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isFile() && entry.name === "page.tsx") routes.push(route || "/");
    // Route groups "(x)" add nothing to the URL; "_x" folders are private.
    if (entry.isDirectory() && !entry.name.startsWith("_")) {
      const segment = entry.name.startsWith("(") ? "" : `/${entry.name}`;
      routes.push(...routesOnDisk(path.join(dir, entry.name), route + segment));
    }
  }
  return routes.sort();
}

const ROUTES = routesOnDisk();
const area = (route: string) =>
  route.startsWith("/dashboard") ? "dashboard" : route.startsWith("/console") ? "console" : "public";

/**
 * Findings not fixed yet, as "route rule": each is skipped only on that page and for that rule. Keep it
 * short and say why; an entry that no longer occurs should be deleted.
 */
const KNOWN: ReadonlySet<string> = new Set<string>([]);

const VIEWPORTS = [
  { name: "1440", width: 1440, height: 900 },
  { name: "390", width: 390, height: 844 },
];
// The switcher's cookie, with the browser asking for the same language.
const LANGUAGES = [
  { cookie: "en", locale: "en-US" },
  { cookie: "ru", locale: "ru-RU" },
];

type Cookies = { name: string; value: string; url: string }[];

interface Setup {
  /** The signed-in session cookies of the account and of an admin. */
  user: Cookies;
  admin: Cookies;
  /** The id each dynamic route is opened with. */
  ids: Record<string, string>;
}

/** Signs in over HTTP once; every browser context reuses the session cookies. */
async function signIn(email: string): Promise<Cookies> {
  const session = new BrowserSession();
  const { error } = await session.signIn(email, TEST_PASSWORD);
  expect(error).toBeNull();
  return [...session.cookies].map(([name, value]) => ({ name, value, url: BASE_URL }));
}

/** A funded account with a key, a finished generation, a logged request, a webhook endpoint and a mail; an admin. */
async function setUp(): Promise<Setup> {
  const email = uniqueEmail("a11y");
  const account = await createAccount(db(), { email, password: TEST_PASSWORD, emailVerified: true });
  await creditAccount(db(), {
    accountId: account.id,
    amountMicros: parseUsd("10"),
    type: "top_up",
    reason: "test setup",
    actor: "test",
  });
  const { key } = await issueApiKey(db(), account.id, "accessibility");
  const created = await callApi(key, "/api/v1/videos/generations", {
    method: "POST",
    json: { model: "gen-3.1-fast", duration: 1, prompt: "A paper boat on a pond, accessibility spec", stream: false },
  });
  expect(created.status).toBe(202);
  const requestId = created.headers.get("x-request-id")!;
  const { id: generationId } = (await created.json()) as { id: string };
  // A refused request, so the overview and the request log list an error too.
  const refused = await callApi(key, "/api/v1/videos/generations", {
    method: "POST",
    json: { model: "gen-3.1-fast", duration: 1, prompt: "A refused request", colour: "red" },
  });
  expect(refused.status).toBe(400);
  await waitForTerminal({ id: account.id, email, key, call: (p, init) => callApi(key, p, init) }, generationId);
  const { endpoint } = await createEndpoint(db(), account.id, {
    url: "https://hooks.example.com/a11y",
    description: "Accessibility spec",
    events: ["generation.completed", "generation.failed"],
  });
  await new BrowserSession().mutation("account.requestPasswordReset", { email });
  const mail = await db().outboundEmail.findFirstOrThrow({ where: { accountId: account.id, kind: "password_reset" } });
  await expect.poll(async () => db().requestLog.count({ where: { requestId } })).toBe(1);

  const invitationToken = await pendingInvitationToken(account.id);

  const adminEmail = uniqueEmail("a11y-admin");
  await createAccount(db(), { email: adminEmail, password: TEST_PASSWORD, role: "admin", emailVerified: true });
  return {
    user: await signIn(email),
    admin: await signIn(adminEmail),
    ids: {
      "/dashboard/generations/[id]": generationId,
      "/dashboard/requests/[id]": requestId,
      "/dashboard/webhooks/endpoints/[id]": endpoint.id,
      "/console/accounts/[id]": account.id,
      "/console/outbox/[id]": mail.id,
      "/console/generations/[id]": generationId,
      "/invitations/[token]": invitationToken,
    },
  };
}

/** The URL a route is opened at: its dynamic segment filled from the setup; a route with none known fails loudly. */
function urlOf(route: string, ids: Record<string, string>): string {
  if (!route.includes("[")) return route;
  const id = ids[route];
  if (!id) throw new Error(`No id to open ${route} with: add one to the accessibility spec's setup`);
  return route.replace(/\[[^\]]+\]/, encodeURIComponent(id));
}

/** Waits until client-side data has loaded: no spinner left. */
async function settled(page: Page) {
  await expect(page.locator(".animate-spin")).toHaveCount(0, { timeout: 15_000 });
}

/** The page's critical and serious axe violations and sideways scroll, as "route rule: targets" lines. */
async function audit(page: Page, route: string): Promise<string[]> {
  const problems: string[] = [];
  const { violations } = await new AxeBuilder({ page }).analyze();
  for (const v of violations) {
    if (v.impact !== "critical" && v.impact !== "serious") continue;
    if (KNOWN.has(`${route} ${v.id}`)) continue;
    const targets = v.nodes.slice(0, 5).map((n) => n.target.join(" "));
    problems.push(`${route} ${v.id} (${v.impact}, ${v.nodes.length}): ${targets.join(" | ")}`);
  }
  const overflow = await page.evaluate(() => {
    const el = document.scrollingElement!;
    return el.scrollWidth - el.clientWidth;
  });
  if (overflow > 1) problems.push(`${route} horizontal-scroll: ${overflow} px wider than the viewport`);
  return problems;
}

let setup: Promise<Setup> | undefined;

for (const viewport of VIEWPORTS) {
  for (const language of LANGUAGES) {
    test.describe(`${viewport.name} px, ${language.cookie}`, () => {
      test.use({ viewport: { width: viewport.width, height: viewport.height }, locale: language.locale });

      for (const section of ["public", "dashboard", "console"] as const) {
        test(`${section} pages: no critical or serious axe violations, no sideways scroll`, async ({ page, context }) => {
          test.setTimeout(180_000);
          setup ??= setUp();
          const { user, admin, ids } = await setup;
          const cookies = section === "dashboard" ? user : section === "console" ? admin : [];
          await context.addCookies([{ name: "locale", value: language.cookie, url: BASE_URL }, ...cookies]);
          const routes = ROUTES.filter((r) => area(r) === section);
          // The 404 page too, for any unknown path.
          if (section === "public") routes.push("/no-such-page");
          const problems: string[] = [];
          for (const route of routes) {
            await page.goto(urlOf(route, ids));
            await expect(page.locator("html")).toHaveAttribute("lang", language.cookie);
            await settled(page);
            problems.push(...(await audit(page, route)));
          }
          expect(problems, problems.join("\n")).toEqual([]);
        });
      }
    });
  }
}
