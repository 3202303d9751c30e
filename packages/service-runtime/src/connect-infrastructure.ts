import path from "node:path";
import type { CacheConnection } from "@kurz/cache";
import type { ClickStore } from "@kurz/clickstore";
import { type Clock, systemClock } from "@kurz/clock";
import type { EventBus, EventProducer } from "@kurz/events";
import type { Logger } from "@kurz/logger";
import type { DatabaseConnection } from "@kurz/relational";
import { redisKeyPrefix } from "./common-config";
import type { Lifecycle } from "./lifecycle";
import type { ReadinessCheck } from "./readiness";

/** The part of a service's config that picks and locates its adapters (see common-config). */
export interface InfrastructureConfig {
  DATA_DIR: string;
  DATABASE_URL?: string | undefined;
  REDIS_URL?: string | undefined;
  REDIS_KEY_PREFIX?: string | undefined;
  KAFKA_BROKERS: string[];
  CLICKHOUSE_URL?: string | undefined;
}

/** What a service asks for; it gets exactly that, nothing more. */
export interface InfrastructureNeeds {
  /** Relational data, with the folder of its drizzle migrations (applied on start). */
  database?: { migrationsFolder: string };
  cache?: boolean;
  events?: boolean;
  /** Click store, with the folder of its numbered SQL migrations. */
  clickstore?: { migrationsDir: string };
}

/**
 * Infrastructure several services of one process share. In embedded mode all services use one
 * in-process bus, as they would share one Kafka cluster.
 */
export interface SharedInfrastructure {
  bus?: EventBus;
  /**
   * What every service of the process reads time from (caches, windows, expiry, key reloads).
   * Embedded tests share one TestClock across all services to cross those boundaries together.
   */
  clock?: Clock;
}

export interface Infrastructure {
  database?: DatabaseConnection;
  cache?: CacheConnection;
  bus?: EventBus;
  producer?: EventProducer;
  clickstore?: ClickStore;
  readiness: ReadinessCheck[];
}

export interface ConnectOptions {
  service: string;
  config: InfrastructureConfig;
  needs: InfrastructureNeeds;
  logger: Logger;
  lifecycle: Lifecycle;
  shared?: SharedInfrastructure;
}

/**
 * Opens the adapters a service needs, chosen by configuration alone (a URL present → the real
 * backend; absent → the embedded one under DATA_DIR/<service>), applies migrations, and registers
 * readiness checks and shutdown steps for each. Adapter packages are imported lazily, so a
 * service never loads a driver it does not use (chDB is large).
 */
export async function connectInfrastructure(options: ConnectOptions): Promise<Infrastructure> {
  const { service, config, needs, logger, lifecycle } = options;
  const dataDir = path.resolve(config.DATA_DIR, service);
  const infra: Infrastructure = { readiness: [] };

  if (needs.database) {
    const { createDatabase } = await import("@kurz/relational");
    const database = await createDatabase(
      config.DATABASE_URL
        ? { url: config.DATABASE_URL, logger }
        : { dataDir: path.join(dataDir, "pg"), logger },
    );
    lifecycle.add("clients", "database", () => database.close());
    await database.migrate(needs.database.migrationsFolder);
    infra.database = database;
    infra.readiness.push({ name: `database:${database.kind}`, check: () => database.ping() });
  }

  if (needs.cache) {
    const { createCache } = await import("@kurz/cache");
    const cache = createCache(
      config.REDIS_URL
        ? { redisUrl: config.REDIS_URL, keyPrefix: redisKeyPrefix(config, service), logger }
        : { logger, clock: options.shared?.clock ?? systemClock },
    );
    lifecycle.add("clients", "cache", () => cache.close());
    infra.cache = cache;
    infra.readiness.push({ name: `cache:${cache.kind}`, check: () => cache.ping() });
  }

  if (needs.events) {
    let bus = options.shared?.bus;
    if (!bus) {
      const { createEventBus } = await import("@kurz/events");
      const ownBus = createEventBus({ brokers: config.KAFKA_BROKERS, clientId: service, logger });
      lifecycle.add("clients", "event-bus", () => ownBus.close());
      bus = ownBus;
    }
    const producer = bus.producer();
    lifecycle.add("producers", "event-producer", () => producer.close());
    infra.bus = bus;
    infra.producer = producer;
    const events = bus;
    infra.readiness.push({ name: `events:${events.kind}`, check: () => events.ping() });
  }

  if (needs.clickstore) {
    const { createClickStore } = await import("@kurz/clickstore");
    const clickstore = await createClickStore(
      config.CLICKHOUSE_URL
        ? { url: config.CLICKHOUSE_URL, logger }
        : { dataDir: path.join(dataDir, "chdb"), logger },
    );
    lifecycle.add("clients", "clickstore", () => clickstore.close());
    await clickstore.migrate(needs.clickstore.migrationsDir);
    infra.clickstore = clickstore;
    infra.readiness.push({
      name: `clickstore:${clickstore.kind}`,
      check: async () => {
        if (!(await clickstore.ping())) throw new Error("click store does not answer");
      },
    });
  }

  return infra;
}
