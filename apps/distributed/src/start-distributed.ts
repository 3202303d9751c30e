import { randomBytes } from "node:crypto";
import { once } from "node:events";
import { fileURLToPath } from "node:url";
import { allTopics } from "@kurz/events";
import { ensureDatabase } from "@kurz/relational";
import { EDGE_PORT, SERVICE_NAMES, SERVICES, type ServiceName, serviceVariable } from "@kurz/routes";
import type { Stoppable } from "@kurz/service-runtime";
import { bundleArgs, freePort, startKafkaMock } from "@kurz/testing";
import { localKeyEncryptionKey } from "./local-key-encryption-key";
import { type NodeProcess, spawnNodeProcess } from "./spawn-node-process";

type Env = Record<string, string | undefined>;

export interface DistributedOptions {
  env?: Env;
  /** "default": documented ports; "ephemeral": free ports chosen now (tests). */
  ports?: "default" | "ephemeral";
  output?: (line: string) => void;
}

export interface RunningCluster extends Stoppable {
  url: string;
  services: Record<ServiceName, { httpUrl: string; grpcAddress: string; process: NodeProcess }>;
  kafkaBrokers: string[];
  /** Exit codes of every process after stop() (0 = clean shutdown). */
  exitCodes: Record<string, number | null>;
  /**
   * Ends one service's process with `signal` (SIGKILL: a crash, nothing flushed) and resolves once
   * it has exited; the fault suite (tools/chaos) kills services mid-batch with it.
   */
  kill(name: ServiceName, signal: NodeJS.Signals): Promise<void>;
  /** Starts a service again with the environment it had (after `kill`), and waits for its health. */
  restart(name: ServiceName): Promise<void>;
}

const root = fileURLToPath(new URL("../../../", import.meta.url));

async function waitForHealth(url: string, child: NodeProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let lastError = "";
  while (Date.now() < deadline) {
    if (child.child.exitCode !== null) {
      // Its own last words say why (the cluster's output may be silenced or interleaved).
      const lines = child.recentOutput().join("\n  ");
      throw new Error(
        `${child.name} exited with code ${child.child.exitCode} before it was healthy; its last output:\n  ${lines}`,
      );
    }
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(1000) });
      await response.body?.cancel();
      if (response.ok) return;
      lastError = `HTTP ${response.status}`;
    } catch (error) {
      lastError = error instanceof Error ? error.message : String(error);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} not healthy after ${timeoutMs} ms: ${lastError}`);
}

/**
 * Distributed mode on one machine: each service as its own process against real PostgreSQL (one
 * database per service), Redis, a Kafka-protocol broker (KAFKA_BROKERS, else the librdkafka mock
 * cluster) and ClickHouse (CLICKHOUSE_URL, else chDB inside analytics-ingest), plus the edge.
 */
export async function startDistributed(options: DistributedOptions = {}): Promise<RunningCluster> {
  const baseEnv = options.env ?? process.env;
  const output = options.output ?? ((line: string) => process.stdout.write(`${line}\n`));
  const postgresAdmin = baseEnv.KURZ_POSTGRES_ADMIN_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
  const redisUrl = baseEnv.REDIS_URL ?? "redis://127.0.0.1:6379";
  // Databases are named <prefix>_<service>: a second cluster on the same server (the fault suite
  // beside the tests) takes its own prefix, so its webhook-dispatcher never claims another's outbox.
  const databasePrefix = baseEnv.KURZ_DATABASE_PREFIX ?? "kurz";
  if (!/^[a-z_][a-z0-9_]{0,30}$/.test(databasePrefix)) {
    throw new RangeError(`KURZ_DATABASE_PREFIX must be lower-case letters, digits and _: ${databasePrefix}`);
  }
  // chDB's data (analytics-ingest without CLICKHOUSE_URL) lives here.
  const dataDir = baseEnv.DATA_DIR ?? `${root}.data/distributed`;

  const stoppers: Array<() => Promise<unknown>> = [];
  const exitCodes: Record<string, number | null> = {};
  const stopAll = async () => {
    for (const stop of stoppers.reverse()) await stop();
  };

  try {
    let brokers = (baseEnv.KAFKA_BROKERS ?? "").split(",").filter(Boolean);
    if (brokers.length === 0) {
      const mock = await startKafkaMock({ topics: allTopics() });
      stoppers.push(() => mock.stop());
      brokers = mock.brokers;
    }

    const ports = {} as Record<ServiceName, { http: number; grpc: number }>;
    for (const name of SERVICE_NAMES) {
      ports[name] =
        options.ports === "ephemeral"
          ? { http: await freePort(), grpc: await freePort() }
          : { http: SERVICES[name].httpPort, grpc: SERVICES[name].grpcPort };
    }
    const addresses: Env = {};
    for (const name of SERVICE_NAMES) {
      addresses[serviceVariable(name, "GRPC_ADDR")] = `127.0.0.1:${ports[name].grpc}`;
      addresses[serviceVariable(name, "HTTP_URL")] = `http://127.0.0.1:${ports[name].http}`;
    }
    // Every calling service's credential at auth-server (docs/architecture.md#service-to-service-calls), fresh per run unless the
    // environment fixes one: auth-server gets them all, each service its own.
    const clientSecrets: Env = {};
    for (const name of SERVICE_NAMES) {
      if (name === "auth-server") continue;
      const variable = serviceVariable(name, "CLIENT_SECRET");
      clientSecrets[variable] = baseEnv[variable] ?? randomBytes(32).toString("base64url");
    }

    // The dashboard's secret as auth-server's first-party OAuth client.
    const dashboardOAuthSecret =
      baseEnv.DASHBOARD_OAUTH_CLIENT_SECRET ?? randomBytes(32).toString("base64url");

    const services = {} as RunningCluster["services"];
    const serviceEnvs = {} as Record<ServiceName, Env>;
    for (const name of SERVICE_NAMES) {
      const env: Env = {
        ...baseEnv,
        ...addresses,
        HTTP_PORT: String(ports[name].http),
        GRPC_PORT: String(ports[name].grpc),
        DATA_DIR: dataDir,
        ...(SERVICES[name].database
          ? {
              DATABASE_URL: (
                await ensureDatabase(postgresAdmin, `${databasePrefix}_${name.replaceAll("-", "_")}`)
              ).url,
            }
          : {}),
        REDIS_URL: redisUrl,
        KAFKA_BROKERS: brokers.join(","),
        // Each process names itself, over an OTEL_SERVICE_NAME this launcher may have inherited
        // (that one would name all eight alike).
        OTEL_SERVICE_NAME: name,
        ...(name === "auth-server" || name === "webhook-dispatcher"
          ? { KEY_ENCRYPTION_KEY: baseEnv.KEY_ENCRYPTION_KEY ?? (await localKeyEncryptionKey(dataDir, name)) }
          : {}),
        ...(name === "auth-server"
          ? { ...clientSecrets, OAUTH_CLIENT_DASHBOARD_SECRET: dashboardOAuthSecret }
          : { SERVICE_CLIENT_SECRET: clientSecrets[serviceVariable(name, "CLIENT_SECRET")] }),
        ...(name === "dashboard" ? { DASHBOARD_OAUTH_CLIENT_SECRET: dashboardOAuthSecret } : {}),
      };
      serviceEnvs[name] = env;
      const child = spawnNodeProcess(name, bundleArgs(`services/${name}`), env, output);
      // The process of now: restart() replaces it.
      stoppers.push(async () => {
        exitCodes[name] = await services[name].process.stop();
      });
      services[name] = {
        httpUrl: `http://127.0.0.1:${ports[name].http}`,
        grpcAddress: `127.0.0.1:${ports[name].grpc}`,
        process: child,
      };
    }
    await Promise.all(
      SERVICE_NAMES.map((name) =>
        waitForHealth(`${services[name].httpUrl}/healthz`, services[name].process, 60_000),
      ),
    );

    // EDGE_PORT lets a caller fix the public port up front (the issuer and short host name it).
    const edgePort = baseEnv.EDGE_PORT
      ? Number(baseEnv.EDGE_PORT)
      : options.ports === "ephemeral"
        ? await freePort()
        : EDGE_PORT;
    const edge = spawnNodeProcess(
      "edge",
      bundleArgs("apps/edge"),
      { ...baseEnv, ...addresses, EDGE_PORT: String(edgePort), OTEL_SERVICE_NAME: "edge" },
      output,
    );
    stoppers.push(async () => {
      exitCodes.edge = await edge.stop();
    });
    const url = `http://127.0.0.1:${edgePort}`;
    // Liveness of one service, answered through the edge: proves the edge routes.
    await waitForHealth(`${url}/.kurz/health/redirector/live`, edge, 30_000);

    const kill = async (name: ServiceName, signal: NodeJS.Signals) => {
      const { child } = services[name].process;
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = once(child, "exit");
      child.kill(signal);
      await exited;
    };
    const restart = async (name: ServiceName) => {
      await kill(name, "SIGTERM");
      const child = spawnNodeProcess(name, bundleArgs(`services/${name}`), serviceEnvs[name], output);
      services[name].process = child;
      await waitForHealth(`${services[name].httpUrl}/healthz`, child, 60_000);
    };

    return { url, services, kafkaBrokers: brokers, exitCodes, kill, restart, stop: stopAll };
  } catch (error) {
    await stopAll();
    throw error;
  }
}
