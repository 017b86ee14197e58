import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["api/**/*.test.ts"],
    testTimeout: 120_000,
    hookTimeout: 60_000,
    // Suites share one running app; files run one at a time so rate limits and timings stay honest.
    fileParallelism: false,
  },
});
