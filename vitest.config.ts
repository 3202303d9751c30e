import { defineConfig } from "vitest/config";

// One runner for the whole workspace. Tests that need a backend get it from @kurz/testing
// fixtures; with CI=true a missing backend fails instead of skipping.
export default defineConfig({
  test: {
    include: [
      "packages/*/test/**/*.test.ts",
      "services/*/test/**/*.test.ts",
      "apps/*/test/**/*.test.ts",
      "tools/*/test/**/*.test.ts",
      "test/**/*.test.ts",
    ],
    pool: "forks",
    // Two cores: more workers only adds contention with the backends under test.
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    reporters: ["default"],
  },
});
