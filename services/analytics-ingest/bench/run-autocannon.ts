import { execFile } from "node:child_process";
import { createRequire } from "node:module";
import { promisify } from "node:util";

const require = createRequire(import.meta.url);
const AUTOCANNON = require.resolve("autocannon/autocannon.js");

export interface LoadResult {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  non2xx3xx: number;
  errors: number;
}

/**
 * Runs autocannon in its own process (so the load generator never shares an event loop with the
 * server under test) against 127.0.0.1 and returns its summary.
 */
export async function runAutocannon(
  url: string,
  options: { connections: number; durationSeconds: number; headers?: Record<string, string> },
): Promise<LoadResult> {
  const args = [
    AUTOCANNON,
    "--json",
    "-c",
    String(options.connections),
    "-d",
    String(options.durationSeconds),
  ];
  for (const [name, value] of Object.entries(options.headers ?? {})) args.push("-H", `${name}=${value}`);
  args.push(url);
  const { stdout } = await promisify(execFile)(process.execPath, args, { maxBuffer: 16 * 1024 * 1024 });
  const result = JSON.parse(stdout) as {
    requests: { average: number; total: number };
    latency: { p50: number; p99: number };
    non2xx: number;
    "3xx": number;
    "4xx": number;
    "5xx": number;
    errors: number;
  };
  return {
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    requests: result.requests.total,
    non2xx3xx: result["4xx"] + result["5xx"],
    errors: result.errors,
  };
}
