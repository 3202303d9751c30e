import { type ChildProcess, fork } from "node:child_process";
import { fileURLToPath } from "node:url";

const AUTOCANNON_PROCESS = fileURLToPath(new URL("./autocannon-process.mjs", import.meta.url));

export interface LoadResult {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  non2xx3xx: number;
  errors: number;
}

export interface LoadOptions {
  paths: readonly string[];
  connections: number;
  durationSeconds: number;
  headers?: Record<string, string>;
}

interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  "4xx": number;
  "5xx": number;
  errors: number;
}

/**
 * autocannon in a child process of its own, started once and driven burst by burst, so short
 * alternating rounds cost no process start-up. Every connection cycles through `paths`.
 */
export class LoadGenerator {
  private readonly child: ChildProcess = fork(AUTOCANNON_PROCESS, [], {
    stdio: ["ignore", "ignore", "inherit", "ipc"],
  });

  run(origin: string, options: LoadOptions): Promise<LoadResult> {
    return new Promise((resolve, reject) => {
      const onExit = (code: number | null) => reject(new Error(`the load generator exited (${code})`));
      this.child.once("exit", onExit);
      this.child.once("message", (reply: { result?: AutocannonResult; error?: string }) => {
        this.child.off("exit", onExit);
        const result = reply.result;
        if (!result) {
          reject(new Error(`autocannon failed: ${reply.error}`));
          return;
        }
        resolve({
          requestsPerSecond: result.requests.total / options.durationSeconds,
          p50Ms: result.latency.p50,
          p99Ms: result.latency.p99,
          requests: result.requests.total,
          non2xx3xx: result["4xx"] + result["5xx"],
          errors: result.errors,
        });
      });
      this.child.send({ url: origin, ...options });
    });
  }

  close(): void {
    this.child.disconnect();
  }
}
