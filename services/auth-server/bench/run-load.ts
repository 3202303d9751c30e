import { Worker } from "node:worker_threads";

export interface LoadOptions {
  url: string;
  method: "GET" | "POST";
  headers?: Record<string, string>;
  /** Static request body; or, with `refreshTokens`, the form of a refresh grant per chain. */
  body?: string;
  /**
   * Refresh-grant mode: one chain per token, each request sends the chain's current token and
   * takes the rotated one from the response (rotation forces one request at a time per chain).
   */
  refresh?: { tokens: string[]; clientId: string; clientSecret: string };
  concurrency: number;
  durationMs: number;
}

export interface LoadResult {
  requests: number;
  errors: number;
  perSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** The first failed answer (status and the start of its body), when any failed. */
  firstError?: string;
}

// Plain JavaScript run in a worker thread: the load generator gets its own event loop, so it
// does not queue behind the server it measures (both still share the machine's two cores).
const WORKER_SOURCE = `
const { parentPort, workerData: o } = require("node:worker_threads");
const http = require("node:http");
const agent = new http.Agent({ keepAlive: true, maxSockets: o.concurrency });
const target = new URL(o.url);
const latencies = [];
let requests = 0, errors = 0, firstError;
const deadline = Date.now() + o.durationMs;
function send(body) {
  return new Promise((resolve) => {
    const started = process.hrtime.bigint();
    const headers = { ...(o.headers || {}) };
    if (body !== undefined) headers["content-length"] = Buffer.byteLength(body);
    const req = http.request({ agent, host: target.hostname, port: target.port, path: target.pathname + target.search,
      method: o.method, headers }, (res) => {
      const chunks = [];
      res.on("data", (c) => chunks.push(c));
      res.on("end", () => {
        latencies.push(Number(process.hrtime.bigint() - started) / 1e6);
        resolve({ status: res.statusCode, text: Buffer.concat(chunks).toString("utf8") });
      });
    });
    req.on("error", () => resolve({ status: 0, text: "" }));
    if (body !== undefined) req.write(body);
    req.end();
  });
}
async function loop(index) {
  let token = o.refresh ? o.refresh.tokens[index] : undefined;
  while (Date.now() < deadline) {
    let body = o.body;
    if (o.refresh) {
      body = new URLSearchParams({ grant_type: "refresh_token", refresh_token: token,
        client_id: o.refresh.clientId, client_secret: o.refresh.clientSecret }).toString();
    }
    const res = await send(body);
    requests++;
    if (res.status >= 400 || res.status === 0) {
      errors++;
      firstError ??= res.status + " " + res.text.slice(0, 200);
      if (o.refresh) return;
      continue;
    }
    if (o.refresh) token = JSON.parse(res.text).refresh_token;
  }
}
Promise.all(Array.from({ length: o.concurrency }, (_, i) => loop(i))).then(() => {
  latencies.sort((a, b) => a - b);
  const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] || 0;
  agent.destroy();
  parentPort.postMessage({ requests, errors, p50Ms: at(0.5), p99Ms: at(0.99), firstError });
});
`;

/** A closed-loop load generator: `concurrency` requests in flight for `durationMs`. */
export function runLoad(options: LoadOptions): Promise<LoadResult> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: options });
    worker.once("error", reject);
    worker.once("message", (result: Omit<LoadResult, "perSecond">) => {
      const seconds = (Date.now() - started) / 1000;
      void worker.terminate();
      resolve({ ...result, perSecond: result.requests / seconds });
    });
  });
}
