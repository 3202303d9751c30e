import { fileURLToPath } from "node:url";
import {
  createCallAuthenticatorFromConfig,
  createMembershipCheck,
  createRevocationCheck,
  createVerifierFromConfig,
} from "@kurz/auth-verifier";
import { createShortHosts } from "@kurz/routes";
import {
  cacheAccountQuotas,
  createRestRateLimit,
  createServiceTokensFromConfig,
  type RunningService,
  type SharedInfrastructure,
  startService,
} from "@kurz/service-runtime";
import { parseHostAllowList } from "@kurz/ssrf";
import { createGrpcAccountPlans } from "./accounts/create-grpc-account-plans";
import { buildApp } from "./app";
import { type LinkApiConfig, SERVICE_NAME } from "./config";
import type { LinkApiDatabase } from "./db/link-api-database";
import { createDnsDomainVerifier } from "./domains/domain-verifier";
import { startAbTestEventConsumer } from "./events/start-ab-test-event-consumer";
import { startAccountEventConsumer } from "./events/start-account-event-consumer";

const MIGRATIONS_FOLDER = fileURLToPath(new URL("../drizzle", import.meta.url));

/** Wiring: config → infrastructure → app → listen; the returned stop() drains and closes. */
export function startLinkApi(
  config: LinkApiConfig,
  shared: SharedInfrastructure = {},
): Promise<RunningService> {
  return startService({
    name: SERVICE_NAME,
    config,
    needs: { database: { migrationsFolder: MIGRATIONS_FOLDER }, cache: true, events: true },
    downstream: [["auth-server", config.AUTH_SERVER_GRPC_ADDR]],
    shared,
    build: async ({ logger, infra, lifecycle, readiness, clock }) => {
      // What link-api's own gRPC calls carry: its service token for auth-server.
      const tokens = createServiceTokensFromConfig(config, SERVICE_NAME, clock);
      const plans = createGrpcAccountPlans({
        address: config.AUTH_SERVER_GRPC_ADDR,
        ttlMs: config.PLAN_CACHE_TTL_MS,
        logger,
        tokens,
        clock,
      });
      lifecycle.add("clients", "auth-server-client", async () => plans.close());
      // Access tokens revoked at auth-server stop working here within the check's window.
      const revocations = createRevocationCheck({
        address: config.AUTH_SERVER_GRPC_ADDR,
        notRevokedTtlMs: config.TOKEN_REVOCATION_CACHE_MS,
        tokens,
        onUnavailable: (err) => logger.warn({ event: "auth.revocation_check_unavailable", err }),
      });
      lifecycle.add("clients", "revocation-check", async () => revocations.close());
      // A person's role in the workspace a request acts in, asked on every request.
      const memberships = createMembershipCheck({
        address: config.AUTH_SERVER_GRPC_ADDR,
        clock,
        tokens,
        onUnavailable: (err) => logger.warn({ event: "auth.membership_check_unavailable", err }),
      });
      lifecycle.add("clients", "membership-check", async () => memberships.close());
      const outboxProducer = infra.bus!.producer();
      lifecycle.add("producers", "outbox-producer", () => outboxProducer.close());

      const app = await buildApp({
        logger,
        readiness,
        trustProxy: config.TRUST_PROXY,
        // connectInfrastructure opens the database without a schema type; the tables are ours.
        db: infra.database!.db as unknown as LinkApiDatabase,
        plans,
        verifier: createVerifierFromConfig(config, {
          isRevoked: revocations.isRevoked,
          roleOf: memberships.roleOf,
        }),
        authenticateCall: createCallAuthenticatorFromConfig(config, SERVICE_NAME, {
          isRevoked: revocations.isRevoked,
          roleOf: memberships.roleOf,
          clock,
        }),
        restRateLimit: createRestRateLimit({
          store: infra.cache!.cache,
          logger,
          // AccountPlans caches answers; this also caches its failures, so an unreachable
          // auth-server is not asked again on every request.
          accountQuota: cacheAccountQuotas(
            async (accountId) => (await plans.getPlan(accountId)).restRequestsPerMinute,
            { ttlMs: config.PLAN_CACHE_TTL_MS, logger },
          ),
          defaultPerMinute: config.REST_REQUESTS_PER_MINUTE,
          perIpPerMinute: config.REST_REQUESTS_PER_MINUTE_PER_IP,
          dashboardPerMinute: config.DASHBOARD_REQUESTS_PER_MINUTE,
        }),
        cache: infra.cache!,
        hosts: createShortHosts({
          shortHost: config.SHORT_HOST,
          subdomainHost: config.SUBDOMAIN_HOST,
          scheme: config.SHORT_URL_SCHEME,
        }),
        domainVerifier: createDnsDomainVerifier({
          servers: config.DNS_SERVERS,
          timeoutMs: config.DNS_TIMEOUT_MS,
        }),
        outboxProducer,
        outboxPollIntervalMs: config.OUTBOX_POLL_INTERVAL_MS,
        deletedCodeQuarantineDays: config.DELETED_CODE_QUARANTINE_DAYS,
        destinationAllowList: parseHostAllowList(config.DESTINATION_ALLOWED_HOSTS),
        clock,
        geoDatabasePath: config.GEOIP_DATABASE_PATH,
        imports: {
          maxBytes: config.IMPORT_MAX_BYTES,
          maxConcurrentUploads: config.IMPORT_MAX_CONCURRENT_UPLOADS,
          batchSize: config.IMPORT_BATCH_SIZE,
          leaseMs: config.IMPORT_LEASE_MS,
          pollIntervalMs: config.IMPORT_POLL_INTERVAL_MS,
          maxAttempts: config.IMPORT_MAX_ATTEMPTS,
        },
      });
      app.relay.start();
      app.importWorker.start();
      const abTestEvents = await startAbTestEventConsumer(infra.bus!, app.ctx);
      lifecycle.add("consumers", "ab-test-events", () => abTestEvents.stop());
      const accountEvents = await startAccountEventConsumer(infra.bus!, app.ctx);
      lifecycle.add("consumers", "account-events", () => accountEvents.stop());
      // After the servers stopped taking writes, before the producers flush.
      lifecycle.add("consumers", "import-worker", () => app.importWorker.stop());
      lifecycle.add("consumers", "outbox-relay", () => app.relay.stop());
      return { http: app.http, grpc: app.grpc };
    },
  });
}
