import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FuzzTarget } from "../src/fuzz-target";
import { formatSummary, isClean } from "../src/print-summary";
import { runFuzz } from "../src/run-fuzz";
import { startTarget } from "../src/start-target";

/** The bounded run CI does on every change: a fixed seed, a few cases per route. */
const SEED = 20261124;
const RUNS_PER_ROUTE = Number(process.env.FUZZ_CI_RUNS ?? 12);

describe("hostile input on every public surface (bounded fuzz, fixed seed)", () => {
  let target: FuzzTarget;
  let stop: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    ({ target, stop } = await startTarget());
  });

  afterAll(async () => {
    await stop?.();
  });

  it("answers no 5xx, never hangs, leaks nothing, speaks the error body, stores no junk", async () => {
    const report = await runFuzz(target, { seed: SEED, runsPerRoute: RUNS_PER_ROUTE });
    const summary = formatSummary(report);
    expect(report.routes.length).toBeGreaterThan(100);
    expect(isClean(report), summary).toBe(true);
    // Long by design: every public route attacked RUNS_PER_ROUTE times.
  }, 600_000);
});
