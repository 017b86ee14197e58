import { defineConfig } from "vitest/config";

// The reliability suite: fault drills that start, kill and restart their own app processes, so each
// file runs alone and owns its ports and data directories.
export default defineConfig({
  test: {
    include: ["reliability/**/*.test.ts"],
    testTimeout: 300_000,
    hookTimeout: 180_000,
    fileParallelism: false,
    passWithNoTests: true,
  },
});
