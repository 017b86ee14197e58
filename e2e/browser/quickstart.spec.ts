import { execFile } from "node:child_process";
import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { expect, test, type Page } from "./support/test";
import { BASE_URL, callApi } from "../support/fixtures";
import { signedInAccount } from "./support/session";

const run = promisify(execFile);

async function sample(page: Page, mode: "Stream" | "Callback" | "Polling", lang: "curl" | "JavaScript" | "Python") {
  await page.getByRole("tablist", { name: "Response mode" }).getByRole("tab", { name: mode }).click();
  await page.getByRole("tablist", { name: "Language" }).getByRole("tab", { name: lang }).click();
  const id = `sample-${mode.toLowerCase()}-${lang === "curl" ? "curl" : lang.toLowerCase()}`;
  return (await page.getByTestId(id).textContent())!;
}

function lastJsonLine(stdout: string) {
  const lines = stdout
    .trim()
    .split("\n")
    .filter((l) => l.trim().startsWith("{"));
  return JSON.parse(lines[lines.length - 1]!);
}

async function expectPlayableMp4(record: { status: string; output: { url: string; resolution: string; duration: number }[] }) {
  expect(record.status).toBe("completed");
  expect(record.output[0]!.url).toMatch(/^http.*\.mp4$/);
  const file = await fetch(record.output[0]!.url);
  expect(file.status).toBe(200);
  expect(file.headers.get("content-type")).toContain("video/mp4");
}

test("without a key in this tab the samples show a placeholder and a button to issue one", async ({ page }) => {
  await signedInAccount(page);
  await page.goto("/dashboard/quickstart");
  await expect(page.getByRole("heading", { name: "Quick start", level: 1 })).toBeVisible();
  await expect(page.getByTestId("quickstart-key-status")).toContainText("vgk_…");
  const stream = await sample(page, "Stream", "curl");
  expect(stream).toContain("curl -N");
  expect(stream).toContain(`${BASE_URL}/api/v1/videos/generations`);
  expect(stream).toContain("Authorization: Bearer vgk_…");
  expect(stream).toMatch(/"prompt": ".+", "duration": 4/);

  // Issuing here shows the key once and fills it into every sample.
  await page.getByRole("button", { name: "Issue a live key" }).click();
  await expect(page.getByTestId("new-key")).toContainText("You won't see it again");
  const key = (await page.getByTestId("new-key-value").textContent())!.trim();
  expect(key).toMatch(/^vgk_/);
  expect(await sample(page, "Callback", "Python")).toContain(`API_KEY = "${key}"`);
  expect(await sample(page, "Callback", "Python")).toContain('"webHook": "https://example.com/webhooks/vgen"');
  expect(await sample(page, "Stream", "JavaScript")).toContain(`const API_KEY = "${key}";`);
  expect((await callApi(key, "/api/v1/models")).status).toBe(200);
});

test("a key issued in the dashboard fills the quick start; the polling samples run as printed and return a finished MP4", async ({
  page,
}) => {
  test.setTimeout(240_000);
  await signedInAccount(page, { balance: "10.00" });
  await page.goto("/dashboard/api-keys");
  await page.getByLabel("Key name").fill("Quick start test");
  await page.getByRole("button", { name: "Issue key" }).click();
  const key = (await page.getByTestId("new-key-value").textContent())!.trim();

  await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Quick start" }).click();
  await page.waitForURL("**/dashboard/quickstart");
  await expect(page.getByTestId("quickstart-key-status")).toContainText(`${key.slice(0, 12)}…`);
  // Reloading the tab keeps it (sessionStorage), with no key anywhere in the served HTML.
  await page.reload();
  await expect(page.getByTestId("quickstart-key-status")).toContainText(`${key.slice(0, 12)}…`);

  const curl = await sample(page, "Polling", "curl");
  expect(curl).toContain(`Authorization: Bearer ${key}`);
  expect(curl).toContain(`${BASE_URL}/api/v1/videos/result`);
  expect(curl).toContain('"stream": false');
  expect(curl).toMatch(/"model": "gen-3.1-fast", "prompt": ".+", "duration": 4/);

  // Exactly the text on the page, run by a shell: it creates, polls, and prints the finished record.
  const shell = await run("bash", ["-c", curl], { timeout: 120_000 });
  const created = JSON.parse(shell.stdout.split("\n")[0]!);
  expect(created.id).toMatch(/^vid_/);
  expect(created.status).toBe("processing");
  const finished = lastJsonLine(shell.stdout);
  expect(finished.id).toBe(created.id);
  await expectPlayableMp4(finished);

  // The JavaScript polling sample, saved as the comment says and run with Node.
  const dir = await mkdtemp(path.join(tmpdir(), "vgen-quickstart-"));
  const js = await sample(page, "Polling", "JavaScript");
  expect(js).toContain(`const API_KEY = "${key}";`);
  await writeFile(path.join(dir, "quickstart.mjs"), js);
  const node = await run(process.execPath, [path.join(dir, "quickstart.mjs")], { timeout: 120_000 });
  expect(node.stdout).toMatch(/^completed http.*\.mp4/m);

  // The Python polling sample, when Python with requests is available.
  const python = await run("python3", ["-c", "import requests"]).then(
    () => true,
    () => false,
  );
  if (python) {
    const py = await sample(page, "Polling", "Python");
    await writeFile(path.join(dir, "quickstart.py"), py);
    const out = await run("python3", [path.join(dir, "quickstart.py")], { timeout: 120_000 });
    expect(out.stdout).toMatch(/^completed \[\{'url': 'http.*\.mp4'/m);
  }
});

test("the stream sample streams events that end with the finished record", async ({ page }) => {
  test.setTimeout(180_000);
  await signedInAccount(page, { balance: "5.00" });
  await page.goto("/dashboard/quickstart");
  await page.getByRole("button", { name: "Issue a live key" }).click();
  await expect(page.getByTestId("new-key")).toBeVisible();
  const curl = await sample(page, "Stream", "curl");
  const shell = await run("bash", ["-c", curl], { timeout: 120_000 });
  expect(shell.stdout).toContain("event: generation");
  const records = shell.stdout
    .split("\n")
    .filter((l) => l.startsWith("data: "))
    .map((l) => JSON.parse(l.slice(6)));
  expect(records[0].status).toBe("processing");
  await expectPlayableMp4(records[records.length - 1]);
});
