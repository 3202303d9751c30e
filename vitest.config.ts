import { defineConfig } from "vitest/config";
import { FlowsFirstSequencer } from "./packages/testing/src/flows-first-sequencer.ts";

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
    // Every bundle built (turbo-cached) before any test: process-level tests run what ships.
    globalSetup: ["./packages/testing/src/build-bundles.ts"],
    pool: "forks",
    // A worker process runs file after file without starting afresh: what files import (the
    // services, drizzle, gRPC, PGlite's compiled WASM) is loaded once per worker, not once per
    // file. Measured on this 2-core machine: link-api's 26 files 80 s → 32 s, the whole first
    // phase of CI 925 s → 486 s. So a file must leave nothing behind that another would trip on:
    // it stops what it starts (afterAll), restores what it stubs (vi.unstubAllEnvs), and measures
    // memory as what survives a collection (the worker's heap holds earlier files' garbage).
    isolate: false,
    // Two cores: more workers only adds contention with the backends under test.
    maxWorkers: 2,
    // Long cross-service flows first when no durations are cached, so no worker idles at the end.
    sequence: { sequencer: FlowsFirstSequencer },
    // Bounds that only turn a hang into a failure, never a speed assertion: a test waits for
    // conditions with waitFor (@kurz/testing, 30 s each by default) and moves a TestClock across
    // time boundaries, so on a loaded two-core machine it is slow, not failing. A hook starts a
    // whole embedded Kurz (up to a minute and more when CI is busy). A test that is long by
    // design (a soak, a cluster of processes) states its own bound with the reason beside it.
    testTimeout: 120_000,
    hookTimeout: 180_000,
    // A safety net: tests wait with waitFor (scripts/check-test-waits.mjs refuses expect.poll),
    // but a poll that slips in must not fail on vitest's implicit 1 s deadline.
    expect: { poll: { timeout: 30_000, interval: 100 } },
    reporters: ["default"],
  },
});
