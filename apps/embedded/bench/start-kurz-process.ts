/**
 * What the benches of `make start` share: its bundle started in a process of its own on
 * OS-chosen ports, and one visit to a short link the way a browser makes it.
 */

import { type ChildProcess, spawn } from "node:child_process";
import http from "node:http";
import { createInterface } from "node:readline";
import { bundleArgs, freePort, localEdgeEnv, waitFor } from "@kurz/testing";

export const VISIT_HEADERS = {
  "user-agent":
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36",
  referer: "https://news.example.org/post",
};

export interface KurzProcess {
  child: ChildProcess;
  /** The edge's public base URL (also the issuer). */
  url: string;
  /** Where load goes: 127.0.0.1 (never a name that may resolve elsewhere), naming `shortHost`. */
  loadOrigin: string;
  shortHost: string;
  /** Its last 200 lines of output, for failures. */
  output: string[];
  /** The gRPC address a service logged when it started. */
  grpcAddressOf(service: string): string;
  /** SIGINT (Ctrl-C, as `make start` is stopped), resolved when the process has exited. */
  stop(): Promise<void>;
}

export interface StartKurzOptions {
  dataDir: string;
  /** Variables over the bench's own environment. */
  env?: Record<string, string>;
  /** Node flags before the bundle's (e.g. an extra `--import`). */
  nodeArgs?: string[];
  /** The edge's port; a free one by default. A second start on the same data keeps its issuer. */
  port?: number;
}

/** `make start`'s bundle on OS-chosen service ports; resolves when it logged "embedded.ready". */
export async function startKurzProcess(options: StartKurzOptions): Promise<KurzProcess> {
  // The edge on localhost:<port>, which is also its issuer and short host.
  const edge = localEdgeEnv(options.port ?? (await freePort()));
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), ...bundleArgs("apps/embedded")], {
    env: {
      ...process.env,
      ...edge,
      DATA_DIR: options.dataDir,
      KURZ_SERVICE_PORTS: "ephemeral",
      LOG_LEVEL: "info",
      NODE_ENV: "production",
      ...options.env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const output: string[] = [];
  const grpc = new Map<string, string>();
  let ready = false;
  for (const stream of [child.stdout!, child.stderr!]) {
    createInterface({ input: stream }).on("line", (line) => {
      output.push(line);
      if (output.length > 200) output.shift();
      if (line.includes('"service.started"')) {
        const started = JSON.parse(line) as { service?: string; grpc?: string };
        if (started.service && started.grpc) grpc.set(started.service, started.grpc);
      }
      if (line.includes('"embedded.ready"')) ready = true;
    });
  }
  const exit = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const exited = exit.then(() => {
    throw new Error(`make start's process exited (${child.exitCode})\n${output.join("\n")}`);
  });
  exited.catch(() => undefined);
  await Promise.race([
    waitFor(() => ready, { timeoutMs: 240_000, what: "make start's process to be ready" }),
    exited,
  ]);
  const port = new URL(edge.PUBLIC_BASE_URL).port;
  return {
    child,
    url: edge.PUBLIC_BASE_URL,
    loadOrigin: `http://127.0.0.1:${port}`,
    shortHost: edge.SHORT_HOST,
    output,
    grpcAddressOf(service) {
      const address = grpc.get(service);
      if (address === undefined) throw new Error(`${service} did not log its start`);
      return address;
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGINT");
      await exit;
    },
  };
}

/** One visit the way the load makes it: the status and what the answer said. */
export function visit(
  origin: string,
  path: string,
  host: string,
  agent?: http.Agent,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      `${origin}${path}`,
      { headers: { ...VISIT_HEADERS, host }, ...(agent ? { agent } : {}) },
      (response) => {
        let body = "";
        response.setEncoding("utf8").on("data", (chunk: string) => {
          body += chunk;
        });
        response.on("end", () => resolve({ status: response.statusCode ?? 0, body: body.slice(0, 300) }));
      },
    );
    request.on("error", reject);
  });
}
