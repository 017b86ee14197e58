import { defineConfig } from "vitest/config";

// The deployment files (compose.yaml, Dockerfile) read as data: no app, database or network.
export default defineConfig({
  test: {
    include: ["deploy/**/*.test.ts"],
  },
});
