import { fileURLToPath } from "node:url";
import { createOutboxRelay } from "@kurz/outbox";
import { type RunningService, type SharedInfrastructure, startService } from "@kurz/service-runtime";
import { parseAllowedTargets } from "@kurz/ssrf";
import { loadAdminSecret } from "./admin/admin-secret";
import { buildApp } from "./app";
import type { AuthContext } from "./auth-context";
import { type Clock, systemClock } from "./clock";
import { type AuthServerConfig, SERVICE_NAME } from "./config";
import { startAuditEventConsumer } from "./events/start-audit-event-consumer";
import { loadKeyEncryptionKey } from "./keys/load-key-encryption-key";
import { deriveKey } from "./keys/secret-box";
import { createSigningKeyStore } from "./keys/signing-key-store";
import { createMailer } from "./mail/create-mailer";
import { runMaintenance } from "./maintenance/run-maintenance";
import { syncPreregisteredClients } from "./oauth/preregistered-clients";
import { createRevocationList } from "./oauth/revocation-list";
import { createCsrfProtection } from "./sessions/csrf-protection";
import { createProviderHttp } from "./sso/create-provider-fetch";
import { createTxtLookup } from "./sso/lookup-txt";
import { createSsoSecretBox } from "./sso/sso-secret-box";

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
  const clock = options.clock ?? shared.clock ?? systemClock;
  const running = await startService<{ ctx: AuthContext }>({
    name: SERVICE_NAME,
    config,
    needs: { database: { migrationsFolder: MIGRATIONS_FOLDER }, cache: true, events: true },
    shared,
    build: async ({ logger, infra, lifecycle, readiness }) => {
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
      const relay = createOutboxRelay({
        db: database.db,
        producer: relayProducer,
        logger,
        name: SERVICE_NAME,
      });
      lifecycle.add("consumers", "outbox-relay", () => relay.stop());
      lifecycle.add("producers", "outbox-producer", () => relayProducer.close());

      const providerHttp = createProviderHttp({
        allowedTargets: parseAllowedTargets(config.SSO_ALLOWED_TARGETS),
        timeoutMs: config.SSO_PROVIDER_TIMEOUT_MS,
      });
      lifecycle.add("clients", "sso-provider-http", () => providerHttp.close());

      const mailer = config.SMTP_URL ? createMailer(config.SMTP_URL, config.SMTP_FROM) : undefined;
      if (mailer) lifecycle.add("clients", "mailer", async () => mailer.close());
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
        mailer,
        wakeOutbox: () => relay.wake(),
        adminSecret: await loadAdminSecret(config, logger, SERVICE_NAME),
        sso: {
          secrets: createSsoSecretBox(keyEncryptionKey),
          lookupTxt: createTxtLookup({ servers: config.DNS_SERVERS, timeoutMs: config.DNS_TIMEOUT_MS }),
          provider: providerHttp,
        },
      };
      await syncPreregisteredClients(ctx);
      await runMaintenance(ctx);
      const maintenance = setInterval(() => void runMaintenance(ctx), MAINTENANCE_INTERVAL_MS);
      maintenance.unref();
      lifecycle.add("consumers", "maintenance", async () => clearInterval(maintenance));
      relay.start();
      const auditEvents = await startAuditEventConsumer(bus, ctx);
      lifecycle.add("consumers", "audit-events", () => auditEvents.stop());

      const app = await buildApp({ ctx, readiness });
      return { ...app, ctx };
    },
  });
  // Only MIGRATE_ONLY runs come back without a context; they never serve.
  return running as RunningAuthServer;
}
