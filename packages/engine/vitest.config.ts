import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    environment: "node",
    // Renders run real H.264 encodes in a child process (2-core machines).
    testTimeout: 180_000,
    hookTimeout: 120_000,
  },
});
