import { existsSync } from "node:fs";
import { defineConfig } from "@playwright/test";

// Here Playwright cannot download its browser, so use the system Chromium when there is one;
// elsewhere Playwright's own browser works as usual.
const systemChromium = process.env.CHROMIUM_PATH ?? ["/usr/bin/chromium", "/usr/bin/chromium-browser"].find((p) => existsSync(p));

export default defineConfig({
  testDir: "./browser",
  timeout: 120_000,
  workers: 1,
  use: {
    baseURL: process.env.BASE_URL,
    // The UI follows Accept-Language; the specs read English, so ask for it whatever the machine's locale.
    locale: "en-US",
    launchOptions: {
      executablePath: systemChromium,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--disable-quic",
      ],
    },
  },
});
