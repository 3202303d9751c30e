import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { createClickStore } from "@kurz/clickstore";
import { allTopics, createEventBus, eventTopics } from "@kurz/events";
import {
  kafkaBackend,
  startTestAuthService,
  startTestIssuer,
  TEST_SERVICE_CLIENT_SECRET,
  waitFor,
} from "@kurz/testing";
import { v7 as uuidv7 } from "uuid";
import { describe, expect, it } from "vitest";
import { clickEvent } from "./ingest-harness";

const kafka = await kafkaBackend();
const FIXTURE = fileURLToPath(new URL("./fixtures/run-ingest-process.ts", import.meta.url));
const SERVICE_DIR = fileURLToPath(new URL("../", import.meta.url));
const ACCOUNT = "6f1b1c3e-4444-4a5b-8c9d-000000000004";
/** Per half of the stream: not a multiple of INGEST_BATCH_MAX_ROWS, so a tail waits for the timer. */
const HALF = 1_010;
const BATCH_ROWS = 100;
const LINKS = Array.from({ length: 30 }, () => uuidv7());

interface IngestProcess {
  child: ChildProcessWithoutNullStreams;
  httpUrl: string;
  output(): string;
}

async function startIngestProcess(env: Record<string, string>): Promise<IngestProcess> {
  const child = spawn(process.execPath, ["--import", "tsx", FIXTURE], {
    cwd: SERVICE_DIR,
    env: { ...process.env, ...env },
    stdio: ["pipe", "pipe", "pipe"],
  });
  let output = "";
  child.stderr.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  const lines = createInterface({ input: child.stdout });
  const ready = new Promise<string>((resolve, reject) => {
    lines.on("line", (line) => {
      output += `${line}\n`;
      if (!line.includes('"fixture.ready"')) return;
      resolve((JSON.parse(line) as { http: string }).http);
    });
    child.once("exit", (code, signal) => reject(new Error(`ingest exited (${signal ?? code}): ${output}`)));
  });
  return { child, httpUrl: await ready, output: () => output };
}

async function metrics(url: string): Promise<Record<string, number>> {
  const text = await (await fetch(`${url}/metrics`)).text();
  const values: Record<string, number> = {};
  for (const line of text.split("\n")) {
    if (line.startsWith("#") || line === "") continue;
    const space = line.lastIndexOf(" ");
    values[line.slice(0, space)] = Number(line.slice(space + 1));
  }
  return values;
}

const written = 'kurz_ingest_rows_written_total{table="clicks_v1"}';
const pending = 'kurz_ingest_pending_rows{table="clicks_v1"}';

describe.skipIf(!kafka.available)("analytics-ingest killed mid-stream (kill -9)", () => {
  it("loses no click and stores none twice once it is restarted", async () => {
    if (!kafka.available) return;
    const cluster = await kafka.value.start({ topics: allTopics(), partitions: 3 });
    const issuer = await startTestIssuer();
    // Memberships (each account owns its own workspace) and plans for the REST reads below.
    const auth = await startTestAuthService();
    const dataDir = await mkdtemp(path.join(os.tmpdir(), "kurz-ingest-crash-"));
    const bus = createEventBus({ brokers: cluster.brokers, clientId: "crash-test", kafka: cluster.tuning });
    const running: IngestProcess[] = [];
    const env = {
      KAFKA_BROKERS: cluster.brokers.join(","),
      KURZ_TEST_KAFKA_TUNING: JSON.stringify(cluster.tuning),
      DATA_DIR: dataDir,
      HTTP_PORT: "0",
      GRPC_PORT: "0",
      LOG_LEVEL: "warn",
      AUTH_SERVER_HTTP_URL: issuer.baseUrl,
      SERVICE_CLIENT_SECRET: TEST_SERVICE_CLIENT_SECRET,
      AUTH_SERVER_GRPC_ADDR: auth.address,
      // Batches of 100 rows go at once; the tail of a burst waits 3 s for company, consumed but
      // not yet in ClickHouse: that is when the process is killed.
      INGEST_BATCH_MAX_ROWS: String(BATCH_ROWS),
      INGEST_BATCH_MAX_WAIT_MS: "3000",
    };
    const producer = bus.producer({ lingerMs: 20, batchSize: 100, maxBufferedMessages: 2 * HALF });
    const publish = async (count: number) => {
      for (let i = 0; i < count; i++) {
        const linkId = LINKS[i % LINKS.length] ?? "";
        await producer.send(
          eventTopics.click,
          clickEvent({ accountId: ACCOUNT, linkId, host: "localhost", code: "crash", ip: "81.2.69.1" }),
        );
      }
      await producer.flush(20_000);
    };
    try {
      const first = await startIngestProcess(env);
      running.push(first);
      await publish(HALF);
      const atKill = await waitFor(() => metrics(first.httpUrl), {
        until: (m) => (m[written] ?? 0) > 0 && (m[pending] ?? 0) > 0,
        what: "written batches and held rows",
      });
      first.child.kill("SIGKILL");
      await once(first.child, "exit");
      expect(atKill?.[pending]).toBeGreaterThan(0);

      // The stream goes on while analytics-ingest is down.
      await publish(HALF);
      const second = await startIngestProcess(env);
      running.push(second);
      await waitFor(() => metrics(second.httpUrl), {
        until: (m) => m.kurz_ingest_consumer_lag_total === 0 && m[pending] === 0,
        what: "the restarted ingest to catch up (no lag, no held rows)",
        timeoutMs: 60_000,
      });
      // Reports: today is counted by the view-fed rollups; a batch retried after the kill reaches
      // every view that missed it, once.
      const token = await issuer.mint({ accountId: ACCOUNT, scopes: ["analytics:read"] });
      const response = await fetch(`${second.httpUrl}/api/v1/analytics/account/traffic-quality?period=7d`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(response.status).toBe(200);
      const { analytics } = (await response.json()) as {
        analytics: { quality: { counts: { totalRequests: number } } };
      };
      expect(analytics.quality.counts.totalRequests).toBe(2 * HALF);

      second.child.kill("SIGTERM");
      const [code] = await once(second.child, "exit");
      expect(code, second.output()).toBe(0);
      // The raw clicks, read from the stopped service's own chDB: every click once, none lost,
      // none twice.
      const store = await createClickStore({ dataDir: path.join(dataDir, "analytics-ingest", "chdb") });
      try {
        const [row] = await (
          await store.client.query({ query: "SELECT count() AS n FROM clicks_v1", format: "JSONEachRow" })
        ).json<{ n: string }>();
        expect(Number(row?.n)).toBe(2 * HALF);
      } finally {
        await store.close();
      }
    } finally {
      for (const { child } of running)
        if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
      await bus.close();
      await cluster.stop();
      await issuer.stop();
      await auth.stop();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
