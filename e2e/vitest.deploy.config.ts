import { defineConfig } from "vitest/config";

// The deployment files (compose.yaml, Dockerfile, deploy/) read as data, and the Prometheus rules run by
// promtool: no app, database or network.
export default defineConfig({
  test: {
    include: ["deploy/**/*.test.ts"],
  },
});
