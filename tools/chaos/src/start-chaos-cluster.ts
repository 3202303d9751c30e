import { randomBytes } from "node:crypto";
import { appendFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { type RunningCluster, startDistributed } from "@kurz/distributed";
import { allTopics } from "@kurz/events";
import {
  freePort,
  isolatedRedisEnv,
  type KafkaMock,
  localEdgeEnv,
  startKafkaMock,
  startTcpFaultProxy,
  type TcpFaultProxy,
} from "@kurz/testing";
import { type FakeClock, prepareFakeClock } from "./fake-clock";

export interface ChaosCluster {
  cluster: RunningCluster;
  /** The public URL through the edge, on the short host (localhost:<port>). */
  edgeUrl: string;
  shortHost: string;
  dataDir: string;
  adminSecret: string;
  /** Every service reaches PostgreSQL and Redis through these: cutting one is that outage. */
  postgresProxy: TcpFaultProxy;
  redisProxy: TcpFaultProxy;
  kafka: KafkaMock;
  /**
   * The services' wall clock (libfaketime): `jump("+1h")` moves CLOCK_REALTIME of every service
   * process at once; or why it cannot be moved on this machine.
   */
  clock: FakeClock;
  /** The last lines the services printed (for a failure's explanation). */
  recentOutput(): string[];
  stop(): Promise<void>;
}

const OUTPUT_LINES = 400;

/**
 * Distributed Kurz with every path to a backend behind a fault the suite controls: PostgreSQL and
 * Redis behind TCP proxies, the broker a librdkafka mock cluster whose broker can be set down.
 */
export async function startChaosCluster(options: {
  postgresUrl?: string;
  redisUrl?: string;
}): Promise<ChaosCluster> {
  const postgres = new URL(options.postgresUrl ?? "postgres://postgres@127.0.0.1:5432/postgres");
  const redis = new URL(options.redisUrl ?? "redis://127.0.0.1:6379");
  const postgresProxy = await startTcpFaultProxy({
    host: postgres.hostname,
    port: Number(postgres.port || 5432),
  });
  const redisProxy = await startTcpFaultProxy({ host: redis.hostname, port: Number(redis.port || 6379) });
  const kafka = await startKafkaMock({ topics: allTopics() });
  const adminPostgres = new URL(postgres);
  adminPostgres.host = postgresProxy.address;
  const proxiedRedis = new URL(redis);
  proxiedRedis.host = redisProxy.address;

  const dataDir = mkdtempSync(path.join(tmpdir(), "kurz-chaos-"));
  const adminSecret = randomBytes(24).toString("base64url");
  const port = await freePort();
  const output: string[] = [];
  // CHAOS_SERVICE_LOG=<file>: every line the services print, with the driver's time (diagnosis).
  const serviceLog = process.env.CHAOS_SERVICE_LOG;
  // Every service process (and the edge) reads the same offset file; the driver, the proxies and
  // the broker keep the real clock.
  const clock = await prepareFakeClock(dataDir);
  const stopBackends = async () => {
    await kafka.stop();
    await postgresProxy.stop();
    await redisProxy.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  let cluster: RunningCluster;
  try {
    cluster = await startDistributed({
      env: {
        ...process.env,
        LOG_LEVEL: process.env.LOG_LEVEL ?? "warn",
        EDGE_TRUSTED_PROXIES: "loopback",
        DATA_DIR: dataDir,
        KURZ_POSTGRES_ADMIN_URL: adminPostgres.toString(),
        // Its own databases (reused run after run, each run's account is new): a test's cluster
        // on the same server keeps its webhook outbox to itself.
        KURZ_DATABASE_PREFIX: "kurz_chaos",
        ...isolatedRedisEnv(proxiedRedis.toString()),
        KAFKA_BROKERS: kafka.brokers.join(","),
        ...localEdgeEnv(port),
        PLAN_CACHE_TTL_MS: "200",
        ADMIN_SECRET: adminSecret,
        WEBHOOK_ALLOWED_TARGETS: "127.0.0.1/32",
        // An attempt times out within a stalled receiver's 30 s, and a killed dispatcher's claims
        // lapse within the run (the lease is at least twice the timeout).
        WEBHOOK_TIMEOUT_MS: "8000",
        WEBHOOK_CLAIM_LEASE_MS: "20000",
        ...clock.env,
      },
      ports: "ephemeral",
      output: (line) => {
        if (serviceLog) appendFileSync(serviceLog, `${new Date().toISOString()} ${line}\n`);
        output.push(line);
        if (output.length > OUTPUT_LINES) output.shift();
      },
    });
  } catch (error) {
    await stopBackends();
    throw error;
  }
  let stopping: Promise<void> | undefined;
  return {
    cluster,
    edgeUrl: cluster.url.replace("127.0.0.1", "localhost"),
    shortHost: `localhost:${port}`,
    dataDir,
    adminSecret,
    postgresProxy,
    redisProxy,
    kafka,
    clock,
    recentOutput: () => [...output],
    /** Idempotent: an abort and the caller's own clean-up may both ask. */
    stop() {
      stopping ??= cluster.stop().then(stopBackends);
      return stopping;
    },
  };
}
