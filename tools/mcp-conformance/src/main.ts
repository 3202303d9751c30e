import { judgeRun } from "./judge-run";
import { listServerScenarios } from "./list-server-scenarios";
import { runScenario } from "./run-scenario";
import { APPLICABLE_SCENARIOS, MODERN_SCENARIOS, SKIPPED_SCENARIOS } from "./scenarios";
import { startConformanceTarget } from "./start-conformance-target";
import { startKeyProxy } from "./start-key-proxy";
import { SUITE_2026_CLI } from "./suite-paths";

// `make conformance`: the official MCP conformance suite against a fresh embedded Kurz, one row
// per scenario. With no argument the applicable scenarios run and the skipped ones are listed
// with their reason, then the 2026-07-28 scenarios with the suite's 2026 line; `--all` runs every
// server scenario 0.1.16 lists (to re-judge a skip); names run just those (a 2026-07-28 scenario
// with the 2026 line). Exit 1 when a scenario that applies fails.
const args = process.argv.slice(2);
const all = args.includes("--all");
const named = args.filter((arg) => !arg.startsWith("--"));
const scenarios =
  named.length > 0
    ? named
    : all
      ? await listServerScenarios()
      : [...APPLICABLE_SCENARIOS, ...MODERN_SCENARIOS];
const modern = new Set<string>(MODERN_SCENARIOS);
const applicable = new Set<string>([...APPLICABLE_SCENARIOS, ...MODERN_SCENARIOS]);

const started = performance.now();
process.stdout.write(
  "conformance: starting embedded Kurz (Business account, MCP key with every permission)\n",
);
const target = await startConformanceTarget();
const proxy = await startKeyProxy({ upstreamPort: target.edgePort, key: target.mcpKey });
const url = `http://localhost:${proxy.port}/mcp`;
process.stdout.write(`conformance: ${url} -> edge ${target.edgeUrl}/mcp (x-mcp-key added)\n\n`);

const rows: string[][] = [];
let failures = 0;
try {
  for (const scenario of scenarios) {
    try {
      const run = await runScenario(url, scenario, {
        timeoutMs: 90_000,
        ...(modern.has(scenario) ? { suiteCli: SUITE_2026_CLI } : {}),
      });
      const verdict = judgeRun(run);
      const counts = ["SUCCESS", "FAILURE", "WARNING", "INFO"]
        .map((status) => [status, run.checks.filter((check) => check.status === status).length] as const)
        .filter(([, count]) => count > 0)
        .map(([status, count]) => `${count} ${status}`)
        .join(", ");
      const skippedReason = SKIPPED_SCENARIOS[scenario];
      if (!verdict.passed && applicable.has(scenario)) failures += 1;
      rows.push([
        scenario,
        (verdict.passed ? "pass" : applicable.has(scenario) ? "FAIL" : "fail") +
          (applicable.has(scenario) ? "" : " (skipped in CI)"),
        `${counts} in ${(run.durationMs / 1000).toFixed(1)} s`,
        [...verdict.problems, ...(skippedReason ? [`skipped because: ${skippedReason}`] : [])].join("; "),
      ]);
    } catch (error) {
      if (applicable.has(scenario)) failures += 1;
      rows.push([
        scenario,
        "ERROR",
        "",
        error instanceof Error ? error.message.split("\n")[0]! : String(error),
      ]);
    }
  }
} finally {
  await proxy.stop();
  await target.stop();
}
if (named.length === 0 && !all) {
  for (const [scenario, reason] of Object.entries(SKIPPED_SCENARIOS))
    rows.push([scenario, "skipped", "", reason]);
}

const header = ["scenario", "result", "checks", "notes"];
const widths = header.map((title, column) =>
  Math.max(title.length, ...rows.map((row) => row[column]!.length)),
);
const line = (cells: string[]) =>
  cells.map((cell, column) => (column === cells.length - 1 ? cell : cell.padEnd(widths[column]!))).join("  ");
process.stdout.write(`${line(header)}\n${line(widths.map((width) => "-".repeat(Math.min(width, 40))))}\n`);
for (const row of rows) process.stdout.write(`${line(row)}\n`);
process.stdout.write(
  `\nconformance: ${failures === 0 ? "every applicable scenario passed" : `${failures} applicable scenario(s) failed`} ` +
    `in ${Math.round((performance.now() - started) / 1000)} s\n`,
);
process.exitCode = failures === 0 ? 0 : 1;
