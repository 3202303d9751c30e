/**
 * Real backends from container images when a Docker engine is present (testcontainers): the
 * images (docs/architecture.md#testing) instead of Debian packages. One container per backend per test
 * process, started on first use and removed by testcontainers' reaper when the process exits.
 * The modules are imported lazily: machines without Docker never load them.
 */
import { dockerEngineAvailable } from "./backend-availability";

let runtime: Promise<boolean> | undefined;

/** True when testcontainers can reach a container runtime (not just a socket file). */
export function containerRuntimeAvailable(): Promise<boolean> {
  runtime ??= (async () => {
    if (!dockerEngineAvailable() && !process.env.TESTCONTAINERS_HOST_OVERRIDE) return false;
    try {
      const { getContainerRuntimeClient } = await import("testcontainers");
      await getContainerRuntimeClient();
      return true;
    } catch {
      return false;
    }
  })();
  return runtime;
}

const started = new Map<string, Promise<unknown>>();

function once<T>(name: string, start: () => Promise<T>): Promise<T> {
  let pending = started.get(name) as Promise<T> | undefined;
  if (!pending) {
    pending = start();
    started.set(name, pending);
  }
  return pending;
}

export function postgresContainer(): Promise<{ adminUrl: string }> {
  return once("postgres", async () => {
    const { PostgreSqlContainer } = await import("@testcontainers/postgresql");
    const container = await new PostgreSqlContainer("postgres:16-alpine")
      .withUsername("postgres")
      .withPassword("postgres")
      .withDatabase("postgres")
      .start();
    return { adminUrl: container.getConnectionUri() };
  });
}

export function redisContainer(): Promise<{ url: string }> {
  return once("redis", async () => {
    const { RedisContainer } = await import("@testcontainers/redis");
    const container = await new RedisContainer("redis:7-alpine").start();
    return { url: container.getConnectionUrl() };
  });
}

export function kafkaContainer(): Promise<{ brokers: string[] }> {
  return once("kafka", async () => {
    const { KafkaContainer } = await import("@testcontainers/kafka");
    const container = await new KafkaContainer("confluentinc/cp-kafka:7.7.1").withKraft().start();
    return { brokers: [`${container.getHost()}:${container.getMappedPort(9093)}`] };
  });
}

export function clickhouseContainer(): Promise<{ url: string }> {
  return once("clickhouse", async () => {
    const { GenericContainer, Wait } = await import("testcontainers");
    const container = await new GenericContainer("clickhouse/clickhouse-server:25.8-alpine")
      .withEnvironment({ CLICKHOUSE_SKIP_USER_SETUP: "1" })
      .withExposedPorts(8123)
      .withWaitStrategy(Wait.forHttp("/ping", 8123))
      .start();
    return { url: `http://${container.getHost()}:${container.getMappedPort(8123)}` };
  });
}
