import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { judgeRun } from "../src/judge-run";
import { listServerScenarios } from "../src/list-server-scenarios";
import { runScenario } from "../src/run-scenario";
import { APPLICABLE_SCENARIOS, MODERN_SCENARIOS, SKIPPED_SCENARIOS } from "../src/scenarios";
import { type ConformanceTarget, startConformanceTarget } from "../src/start-conformance-target";
import { type KeyProxy, startKeyProxy } from "../src/start-key-proxy";
import { SUITE_2026_CLI } from "../src/suite-paths";

/** A scenario takes 1-3 s alone; the suite's own Node process starts cold on a busy machine. */
const SCENARIO_TIMEOUT_MS = 60_000;

describe("the official MCP conformance suite against Kurz's real MCP server (embedded)", () => {
  let target: ConformanceTarget;
  let proxy: KeyProxy;
  let url: string;

  beforeAll(async () => {
    target = await startConformanceTarget();
    proxy = await startKeyProxy({ upstreamPort: target.edgePort, key: target.mcpKey });
    // localhost, not 127.0.0.1: dns-rebinding-protection only runs against a localhost URL.
    url = `http://localhost:${proxy.port}/mcp`;
  });

  afterAll(async () => {
    await proxy?.stop();
    await target?.stop();
  });

  it("names every server scenario of the installed suite as run or skipped", async () => {
    const listed = await listServerScenarios();
    expect(listed).toContain("server-initialize");
    const decided = new Set([...APPLICABLE_SCENARIOS, ...Object.keys(SKIPPED_SCENARIOS)]);
    expect(
      listed.filter((name) => !decided.has(name)),
      "new scenarios: add them to src/scenarios.ts",
    ).toEqual([]);
    expect(
      [...decided].filter((name) => !listed.includes(name)),
      "scenarios the suite no longer has",
    ).toEqual([]);
    expect(APPLICABLE_SCENARIOS.filter((name) => name in SKIPPED_SCENARIOS)).toEqual([]);
  });

  it.each(APPLICABLE_SCENARIOS)(
    "%s: every check passes",
    async (scenario) => {
      const run = await runScenario(url, scenario, { timeoutMs: SCENARIO_TIMEOUT_MS - 5_000 });
      // judgeRun: every check SUCCESS or INFO (the suite's log lines, e.g. "server answered JSON,
      // SSE streams optional", counted by the suite as neither pass nor fail), at least one
      // SUCCESS; no WARNING is accepted, none is expected.
      const verdict = judgeRun(run);
      expect(verdict.passed, `${scenario}:\n  ${verdict.problems.join("\n  ")}`).toBe(true);
    },
    SCENARIO_TIMEOUT_MS,
  );

  it.each(MODERN_SCENARIOS)(
    "2026-07-28 %s: every check passes",
    async (scenario) => {
      const run = await runScenario(url, scenario, {
        timeoutMs: SCENARIO_TIMEOUT_MS - 5_000,
        suiteCli: SUITE_2026_CLI,
      });
      const verdict = judgeRun(run);
      expect(verdict.passed, `${scenario}:\n  ${verdict.problems.join("\n  ")}`).toBe(true);
    },
    SCENARIO_TIMEOUT_MS,
  );
});
