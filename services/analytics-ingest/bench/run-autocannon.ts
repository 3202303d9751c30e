import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";

const AUTOCANNON_PROCESS = fileURLToPath(new URL("./autocannon-process.mjs", import.meta.url));

export interface LoadResult {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  non2xx3xx: number;
  errors: number;
}

/**
 * Runs autocannon in its own process against `origin` (127.0.0.1), every connection cycling
 * through `paths`, and returns its summary.
 */
export async function runAutocannon(
  origin: string,
  options: {
    paths: readonly string[];
    connections: number;
    durationSeconds: number;
    headers?: Record<string, string>;
  },
): Promise<LoadResult> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [AUTOCANNON_PROCESS, JSON.stringify({ url: origin, ...options })],
    { maxBuffer: 16 * 1024 * 1024 },
  );
  const result = JSON.parse(stdout) as {
    requests: { average: number; total: number };
    latency: { p50: number; p99: number };
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
