import { fileURLToPath } from "node:url";
import { createLogger } from "@kurz/logger";
import { createOutboxRelay } from "@kurz/outbox";
import {
  connectInfrastructure,
  Lifecycle,
  type RunningService,
  type SharedInfrastructure,
  serve,
} from "@kurz/service-runtime";
import { buildApp } from "./app";
import type { AuthContext } from "./auth-context";
import { type Clock, systemClock } from "./clock";
import { type AuthServerConfig, SERVICE_NAME } from "./config";
import { deriveKey } from "./keys/secret-box";
import { loadKeyEncryptionKey } from "./keys/load-key-encryption-key";
import { createSigningKeyStore } from "./keys/signing-key-store";
import { runMaintenance } from "./maintenance/run-maintenance";
import { syncPreregisteredClients } from "./oauth/preregistered-clients";
import { createRevocationList } from "./oauth/revocation-list";
import { createCsrfProtection } from "./sessions/csrf-protection";

export const MIGRATIONS_FOLDER = fileURLToPath(new URL("../drizzle", import.meta.url));
const MAINTENANCE_INTERVAL_MS = 60 * 60_000;

export interface StartOptions {
  /** Tests move time forward (code expiry, key rotation) with their own clock. */
  clock?: Clock;
}

export interface RunningAuthServer extends RunningService {
  /** The operations' context, for tests and tools that work in-process. */
  ctx: AuthContext;
}

/** Wiring: config → infrastructure → keys → app → listen; the returned stop() drains and closes. */
export async function startAuthServer(
  config: AuthServerConfig,
  shared: SharedInfrastructure = {},
  options: StartOptions = {},
): Promise<RunningAuthServer> {
  const logger = createLogger({ service: SERVICE_NAME, level: config.LOG_LEVEL });
  const lifecycle = new Lifecycle(logger, config.SHUTDOWN_TIMEOUT_MS);
  const clock = options.clock ?? systemClock;
  try {
    const infra = await connectInfrastructure({
      service: SERVICE_NAME,
      config,
      needs: { database: { migrationsFolder: MIGRATIONS_FOLDER }, cache: true, events: true },
      logger,
      lifecycle,
      shared,
    });
    const { database, cache, bus } = infra;
    if (!database || !cache || !bus) throw new Error("infrastructure incomplete");

    const keyEncryptionKey = await loadKeyEncryptionKey(config, logger, SERVICE_NAME);
    const signingKeys = createSigningKeyStore({
      db: database.db,
      locks: cache.locks,
      keyEncryptionKey,
      clock,
      logger,
      rotationDays: config.SIGNING_KEY_ROTATION_DAYS,
      publishLeadSec: config.SIGNING_KEY_PUBLISH_LEAD_SEC,
    });
    await signingKeys.ensureKey();

    // The relay gets a producer of its own: it marks rows sent once that producer flushed.
    const relayProducer = bus.producer();
    const relay = createOutboxRelay({ db: database.db, producer: relayProducer, logger, name: SERVICE_NAME });
    lifecycle.add("consumers", "outbox-relay", () => relay.stop());
    lifecycle.add("producers", "outbox-producer", () => relayProducer.close());

    const ctx: AuthContext = {
      config,
      db: database.db,
      cache,
      clock,
      logger,
      signingKeys,
      csrf: createCsrfProtection({
        key: deriveKey(keyEncryptionKey, "csrf"),
        cookieName: `${config.BRAND_PREFIX}_csrf`,
        sessionCookieName: `${config.BRAND_PREFIX}_session`,
        secureCookies: config.SECURE_COOKIES,
      }),
      revocations: createRevocationList({ db: database.db, cache: cache.cache, clock }),
      wakeOutbox: () => relay.wake(),
    };
    await syncPreregisteredClients(ctx);
    await runMaintenance(ctx);
    const maintenance = setInterval(() => void runMaintenance(ctx), MAINTENANCE_INTERVAL_MS);
    maintenance.unref();
    lifecycle.add("consumers", "maintenance", async () => clearInterval(maintenance));

    const app = await buildApp({ ctx, readiness: [...infra.readiness] });
    const running = await serve({
      name: SERVICE_NAME,
      host: config.HOST,
      httpPort: config.HTTP_PORT,
      grpcPort: config.GRPC_PORT,
      logger,
      ...app,
      lifecycle,
      shutdownTimeoutMs: config.SHUTDOWN_TIMEOUT_MS,
    });
    relay.start();
    return { ...running, ctx };
  } catch (error) {
    // Close whatever opened before the failure, so a failed start leaves nothing running.
    await lifecycle.stop();
    throw error;
  }
}
