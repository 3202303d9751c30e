/**
 * `pnpm bench` (from services/link-api): link-create throughput over REST and Resolve latency over
 * gRPC, each as a ratio against a baseline measured in the same run on the same machine (a bare
 * Node http server answering 302 from a Map; and grpc.health Check on link-api's own server).
 * Absolute numbers on a shared 2-core machine are noise; the ratios are what to compare.
 * BENCH_POSTGRES=1 runs against PostgreSQL (a scratch database on the test server, dropped
 * afterwards) instead of PGlite.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { createGrpcClient } from "@kurz/grpc";
import { healthV1 } from "@kurz/proto";
import { createTestDatabase, postgresBackend, type TestDatabase } from "@kurz/testing";
import { startTestLinkApi } from "../test/support/start-test-link-api";

const CREATES = Number(process.env.BENCH_CREATES ?? 1_000);
const RESOLVES = Number(process.env.BENCH_RESOLVES ?? 3_000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);

async function runConcurrently(total: number, concurrency: number, task: (i: number) => Promise<void>) {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) await task(next++);
    }),
  );
  return performance.now() - started;
}

async function latencies(total: number, task: (i: number) => Promise<void>): Promise<number[]> {
  const samples: number[] = [];
  for (let i = 0; i < total; i++) {
    const start = performance.now();
    await task(i);
    samples.push(performance.now() - start);
  }
  return samples.sort((a, b) => a - b);
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;
const fmt = (value: number) => value.toFixed(value < 10 ? 3 : 1);

async function startBaseline(): Promise<{ url: string; close(): Promise<void> }> {
  const targets = new Map([["/abc1234", "https://example.com/"]]);
  const server = http.createServer((request, response) => {
    if (request.method === "POST") {
      request.resume();
      request.on("end", () => {
        response.writeHead(302, { location: targets.get("/abc1234")! }).end();
      });
      return;
    }
    const location = targets.get(request.url ?? "");
    response.writeHead(location ? 302 : 404, location ? { location } : {}).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

async function scratchDatabase(): Promise<TestDatabase | undefined> {
  if (process.env.BENCH_POSTGRES !== "1") return undefined;
  const backend = await postgresBackend();
  if (!backend.available) throw new Error(backend.reason);
  return createTestDatabase(backend.value.adminUrl, "kurz_bench_link_api");
}

async function main() {
  const database = await scratchDatabase();
  const api = await startTestLinkApi({ databaseUrl: database?.url });
  const apiUrl = await api.http.listen({ host: "127.0.0.1", port: 0 });
  const baseline = await startBaseline();
  const headers = { ...(await api.auth("bench-account")), "content-type": "application/json" };
  const body = JSON.stringify({ url: "https://example.com/landing?ref=bench" });
  try {
    // Warm-up: JIT, connection pools, JWKS cache.
    for (let i = 0; i < 50; i++) {
      await fetch(`${apiUrl}/api/v1/urls`, { method: "POST", headers, body });
      await fetch(`${baseline.url}/create`, { method: "POST", headers, body, redirect: "manual" });
    }

    const baselineMs = await runConcurrently(CREATES, CONCURRENCY, async () => {
      const response = await fetch(`${baseline.url}/create`, {
        method: "POST",
        headers,
        body,
        redirect: "manual",
      });
      await response.arrayBuffer();
    });
    const createMs = await runConcurrently(CREATES, CONCURRENCY, async () => {
      const response = await fetch(`${apiUrl}/api/v1/urls`, { method: "POST", headers, body });
      if (response.status !== 201)
        throw new Error(`create answered ${response.status}: ${await response.text()}`);
      await response.arrayBuffer();
    });
    const baselineRate = CREATES / (baselineMs / 1000);
    const createRate = CREATES / (createMs / 1000);

    const listed = await api.links.listLinks({ page: { limit: 100 } }, { accountId: "bench-account" });
    const codes = listed.links.map((link) => link.code);
    const health = createGrpcClient(healthV1.Health, api.grpcAddress);
    for (let i = 0; i < 200; i++) {
      await api.links.resolve({ host: "localhost", code: codes[i % codes.length]! });
      await health.check({ service: "" });
    }
    const httpBaseline = await latencies(RESOLVES, async () => {
      const response = await fetch(`${baseline.url}/abc1234`, { redirect: "manual" });
      await response.arrayBuffer();
    });
    const grpcBaseline = await latencies(RESOLVES, async () => {
      await health.check({ service: "" });
    });
    const resolve = await latencies(RESOLVES, async (i) => {
      const result = await api.links.resolve({ host: "localhost", code: codes[i % codes.length]! });
      if (!result.found) throw new Error("Resolve missed a link it created");
    });
    health.close();

    const rows = [
      [
        "link create (REST, POST /api/v1/urls)",
        `${fmt(createRate)} req/s`,
        `baseline 302 server ${fmt(baselineRate)} req/s`,
        `ratio ${fmt(createRate / baselineRate)}`,
      ],
      [
        "Resolve p50 (gRPC)",
        `${fmt(percentile(resolve, 0.5))} ms`,
        `baseline 302 server ${fmt(percentile(httpBaseline, 0.5))} ms`,
        `ratio ${fmt(percentile(resolve, 0.5) / percentile(httpBaseline, 0.5))}`,
      ],
      [
        "Resolve p99 (gRPC)",
        `${fmt(percentile(resolve, 0.99))} ms`,
        `baseline 302 server ${fmt(percentile(httpBaseline, 0.99))} ms`,
        `ratio ${fmt(percentile(resolve, 0.99) / percentile(httpBaseline, 0.99))}`,
      ],
      [
        "Resolve p50 vs gRPC health Check",
        `${fmt(percentile(resolve, 0.5))} ms`,
        `health Check ${fmt(percentile(grpcBaseline, 0.5))} ms`,
        `ratio ${fmt(percentile(resolve, 0.5) / percentile(grpcBaseline, 0.5))}`,
      ],
    ];
    process.stdout.write(
      `link-api bench (${database ? "PostgreSQL" : "PGlite"}; ${CREATES} creates at concurrency ${CONCURRENCY}; ${RESOLVES} sequential resolves)\n`,
    );
    for (const row of rows)
      process.stdout.write(`  ${row[0]!.padEnd(40)} ${row[1]!.padEnd(14)} ${row[2]!.padEnd(34)} ${row[3]}\n`);
  } finally {
    await baseline.close();
    await api.close();
    await database?.drop();
  }
}

await main();
