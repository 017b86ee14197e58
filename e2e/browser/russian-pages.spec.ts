// Every public and dashboard page read in Russian: no English UI text is left on it. "English UI text" is
// each phrase of en.json that ru.json does not use as well, and any run of three English words. Exempt:
// code samples (pre, code, monospace: ids, keys, model ids) and content marked lang="en" (the /docs
// reference and the /errors meanings, which stay English; both pages say so in Russian). The staff
// console is English only (docs/architecture.md#ui-languages) and is not walked.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseUsd } from "@vgen/contracts";
import { CATALOG_SEED } from "@vgen/db/seed";
import { createAccount, issueApiKey } from "@vgen/engine/accounts";
import { creditAccount } from "@vgen/engine/billing";
import { createEndpoint } from "@vgen/engine/delivery";
import { BASE_URL, callApi, db, uniqueEmail, waitForTerminal } from "../support/fixtures";
import { BrowserSession } from "../support/browser-session";
import { pendingInvitationToken } from "../support/invitations";
import { expect, type Page, test } from "./support/test";
import { TEST_PASSWORD } from "./support/session";

const HERE = path.dirname(fileURLToPath(import.meta.url));
const APP_DIR = path.resolve(HERE, "../../apps/web/src/app");
const MESSAGES = path.resolve(HERE, "../../apps/web/messages");

type Tree = { [key: string]: string | Tree };
const leaves = (tree: Tree): string[] => Object.values(tree).flatMap((v) => (typeof v === "string" ? [v] : leaves(v)));

/** The literal text of an ICU message: placeholders, plural/select blocks and tag names dropped, tag contents kept. */
function literalRuns(message: string): string[] {
  const runs: string[] = [];
  let depth = 0;
  let run = "";
  for (const ch of message.replace(/<\/?[a-zA-Z]+>/g, "\n")) {
    if (ch === "{") {
      depth++;
      runs.push(run);
      run = "";
    } else if (ch === "}") depth = Math.max(0, depth - 1);
    else if (depth === 0) run += ch;
  }
  runs.push(run);
  return runs.flatMap((r) => r.split("\n"));
}

const ENGLISH_WORDS = /(?:\b[A-Za-z][A-Za-z'’]+\b[\s,;:]+){2,}\b[A-Za-z][A-Za-z'’]+\b/;

/** Phrases of the English UI (3+ words) that the Russian messages do not contain. */
function englishPhrases(): string[] {
  const en = leaves(JSON.parse(readFileSync(path.join(MESSAGES, "en.json"), "utf8")));
  const ruText = leaves(JSON.parse(readFileSync(path.join(MESSAGES, "ru.json"), "utf8"))).join("\n");
  const phrases = en
    .flatMap(literalRuns)
    .map((r) => r.trim().replace(/\s+/g, " "))
    .filter((r) => ENGLISH_WORDS.test(r) && !ruText.includes(r));
  return [...new Set(phrases)];
}

/** Route patterns of the public and dashboard page.tsx files, e.g. "/dashboard/generations/[id]". */
function routes(dir = APP_DIR, route = ""): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isFile() && entry.name === "page.tsx") found.push(route || "/");
    if (entry.isDirectory() && !entry.name.startsWith("_")) {
      const segment = entry.name.startsWith("(") ? "" : `/${entry.name}`;
      found.push(...routes(path.join(dir, entry.name), route + segment));
    }
  }
  return found.filter((r) => !r.startsWith("/console")).sort();
}

/** What a reader sees of the page, outside code and English-marked content: its text and its labels. */
async function readableText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const body = document.body.cloneNode(true) as HTMLElement;
    for (const el of body.querySelectorAll('pre, code, kbd, samp, script, style, noscript, .font-mono, [lang="en"]')) {
      el.remove();
    }
    const labels = [...body.querySelectorAll("[aria-label], [placeholder], [title]")].map((el) =>
      ["aria-label", "placeholder", "title"].map((a) => el.getAttribute(a) ?? "").join("\n"),
    );
    // innerText needs a rendered element; textContent of the detached copy, block by block, is enough here.
    for (const el of body.querySelectorAll("br, p, div, li, td, th, dt, dd, h1, h2, h3, h4, option, label, button, a")) {
      el.append("\n");
    }
    return `${body.textContent ?? ""}\n${labels.join("\n")}`.replace(/[ \t]+/g, " ");
  });
}

/** "route: phrase" for each English text on the page. */
function englishOn(route: string, text: string, phrases: string[]): string[] {
  const found = phrases.filter((p) => text.includes(p)).map((p) => `${route}: "${p}"`);
  for (const line of text.split("\n")) {
    const m = ENGLISH_WORDS.exec(line);
    if (m && !found.some((f) => f.includes(m[0]))) found.push(`${route}: "${m[0].trim()}" in "${line.trim()}"`);
  }
  return found;
}

test.use({ locale: "ru-RU" });

test("every public and dashboard page reads in Russian, with no English UI text left", async ({ page, context }) => {
  test.setTimeout(300_000);
  const phrases = englishPhrases();
  expect(phrases.length).toBeGreaterThan(100);

  // An account with a finished generation, a logged request and a webhook endpoint, so lists and charts have rows.
  const email = uniqueEmail("ru-pages");
  const { id } = await createAccount(db(), { email, password: TEST_PASSWORD, emailVerified: true, locale: "ru" });
  await creditAccount(db(), { accountId: id, amountMicros: parseUsd("10"), type: "top_up", reason: "test setup", actor: "test" });
  const { key } = await issueApiKey(db(), id, "russian pages");
  const account = { id, email, key, call: (p: string, init?: Parameters<typeof callApi>[2]) => callApi(key, p, init) };
  const created = await account.call("/api/v1/videos/generations", {
    method: "POST",
    json: { model: "gen-3.1-fast", duration: 1, prompt: "Бумажный кораблик на пруду", stream: false },
  });
  expect(created.status).toBe(202);
  const requestId = created.headers.get("x-request-id")!;
  const { id: generationId } = (await created.json()) as { id: string };
  await waitForTerminal(account, generationId);
  const { endpoint } = await createEndpoint(db(), account.id, {
    url: "https://hooks.example.com/ru",
    description: "Проверка русских страниц",
    events: ["generation.completed"],
  });
  await expect.poll(async () => db().requestLog.count({ where: { requestId } })).toBe(1);
  const ids: Record<string, string> = {
    "/dashboard/generations/[id]": generationId,
    "/dashboard/requests/[id]": requestId,
    "/dashboard/webhooks/endpoints/[id]": endpoint.id,
    "/invitations/[token]": await pendingInvitationToken(account.id),
  };

  const session = new BrowserSession();
  expect((await session.signIn(account.email, TEST_PASSWORD)).error).toBeNull();
  const signedIn = [...session.cookies].map(([name, value]) => ({ name, value, url: BASE_URL }));

  const problems: string[] = [];
  for (const route of routes()) {
    if (route.includes("[") && !ids[route]) throw new Error(`No id to open ${route} with: add one to this spec`);
    const url = route.replace(/\[[^\]]+\]/, (s) => encodeURIComponent(ids[route] ?? s));
    await context.clearCookies();
    await context.addCookies([
      { name: "locale", value: "ru", url: BASE_URL },
      ...(route.startsWith("/dashboard") ? signedIn : []),
    ]);
    await page.goto(url);
    await expect(page.locator("html")).toHaveAttribute("lang", "ru");
    await expect(page.locator(".animate-spin")).toHaveCount(0, { timeout: 15_000 });
    problems.push(...englishOn(route, await readableText(page), phrases));
  }
  expect(problems).toEqual([]);
});

test("/docs and /errors say in Russian that their reference text is English, and why", async ({ page, context }) => {
  await context.addCookies([{ name: "locale", value: "ru", url: BASE_URL }]);
  for (const route of ["/docs", "/errors"]) {
    await page.goto(route);
    const note = page.getByTestId("english-only-note");
    await expect(note).toBeVisible();
    await expect(note).toHaveAttribute("lang", "ru");
    await expect(note).toContainText("только на английском");
    await expect(note).toContainText("сообщения");
  }
  // English readers get no note.
  await context.addCookies([{ name: "locale", value: "en", url: BASE_URL }]);
  await page.goto("/docs");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByTestId("english-only-note")).toHaveCount(0);
});

test("model descriptions follow the page's language on the landing page", async ({ page, context }) => {
  await context.addCookies([{ name: "locale", value: "ru", url: BASE_URL }]);
  await page.goto("/");
  const enabled = await db().catalogModel.findMany({
    where: { enabled: true },
    select: { id: true, purpose: true, purposeRu: true },
  });
  for (const seeded of CATALOG_SEED) {
    const model = enabled.find((m) => m.id === seeded.id);
    if (!model) continue;
    const card = page.locator(`[data-testid="catalog-model"][data-model-id="${model.id}"]`);
    await expect(card).toContainText(model.purposeRu);
    await expect(card).not.toContainText(model.purpose);
  }
});
