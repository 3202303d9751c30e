import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { SUITE_CLI } from "./suite-paths";

/** One check of the suite's checks.json (its ConformanceCheck). */
export interface ConformanceCheck {
  id: string;
  name: string;
  description: string;
  status: "SUCCESS" | "FAILURE" | "WARNING" | "SKIPPED" | "INFO";
  errorMessage?: string;
  details?: Record<string, unknown>;
}

export interface ScenarioRun {
  scenario: string;
  checks: ConformanceCheck[];
  /** The suite's exit code (1 when a check failed). */
  exitCode: number | null;
  /** Its console output, for a failure's message. */
  output: string;
  durationMs: number;
}

function readChecks(outputDir: string): ConformanceCheck[] | undefined {
  // The suite writes <output-dir>/server-<scenario>-<timestamp>/checks.json.
  for (const entry of readdirSync(outputDir, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    try {
      return JSON.parse(readFileSync(path.join(outputDir, entry.name, "checks.json"), "utf8"));
    } catch {
      // not this one
    }
  }
  return undefined;
}

/**
 * Runs one server scenario of the official suite (`suiteCli`: default 0.1.16's) against `url`, in its own Node 22 process with
 * its own output directory, and returns the checks it recorded. A suite that records no checks
 * (crashed, or timed out) throws with its output.
 */
export async function runScenario(
  url: string,
  scenario: string,
  options: { timeoutMs?: number; suiteCli?: string } = {},
): Promise<ScenarioRun> {
  const timeoutMs = options.timeoutMs ?? 60_000;
  const outputDir = mkdtempSync(path.join(tmpdir(), "kurz-mcp-conformance-results-"));
  const started = performance.now();
  try {
    const child = spawn(
      // The workspace's Node 24 (the suite needs Node >= 22).
      process.execPath,
      [
        options.suiteCli ?? SUITE_CLI,
        "server",
        "--url",
        url,
        "--scenario",
        scenario,
        "--output-dir",
        outputDir,
      ],
      {
        // NO_COLOR: the suite's console output, kept for a failure's message, without ANSI codes.
        env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? tmpdir(), NO_COLOR: "1" },
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => {
      output += chunk.toString("utf8");
    });
    child.stderr.on("data", (chunk: Buffer) => {
      output += chunk.toString("utf8");
    });
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill("SIGKILL");
    }, timeoutMs);
    const exitCode = await new Promise<number | null>((resolve, reject) => {
      child.once("error", reject);
      child.once("close", (code) => resolve(code));
    }).finally(() => clearTimeout(timer));
    const durationMs = Math.round(performance.now() - started);
    const checks = readChecks(outputDir);
    if (timedOut || checks === undefined) {
      throw new Error(
        `conformance scenario ${scenario} ${timedOut ? `timed out after ${timeoutMs} ms` : `exited ${exitCode} without checks.json`}:\n${output.slice(-4000)}`,
      );
    }
    return { scenario, checks, exitCode, output, durationMs };
  } finally {
    rmSync(outputDir, { recursive: true, force: true });
  }
}
