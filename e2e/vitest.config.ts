import { defineConfig } from "vitest/config";

// Vite reserves BASE_URL ("/") inside tests, so the app's address travels as API_BASE_URL.
const apiBaseUrl = process.env.API_BASE_URL ?? process.env.BASE_URL;

export default defineConfig({
  test: {
    include: ["api/**/*.test.ts"],
    testTimeout: 120_000,
    hookTimeout: 60_000,
    // Suites share one running app; files run one at a time so rate limits and timings stay honest.
    fileParallelism: false,
    env: apiBaseUrl ? { API_BASE_URL: apiBaseUrl } : {},
  },
});
