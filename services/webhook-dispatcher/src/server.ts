import { fileURLToPath } from "node:url";
import {
  createCallAuthenticatorFromConfig,
  createMembershipCheck,
  createRevocationCheck,
  createVerifierFromConfig,
} from "@kurz/auth-verifier";
import { openGeoLocator } from "@kurz/click-enrichment";
import { systemTimer } from "@kurz/clock";
import { AUTH_SERVER_AUDIENCE, createGrpcClient } from "@kurz/grpc";
import { authV1 } from "@kurz/proto";
import { createShortHosts } from "@kurz/routes";
import {
  createServiceTokensFromConfig,
  type RunningService,
  restRateLimitFromAuthServer,
  type SharedInfrastructure,
  startService,
} from "@kurz/service-runtime";
import { parseAllowedTargets } from "@kurz/ssrf";
import { buildApp } from "./app";
import { SERVICE_NAME, type WebhookDispatcherConfig } from "./config";
import type { WebhookDatabase } from "./db/webhook-database";
import { pruneDeliveryLog } from "./deliveries/prune-delivery-log";
import { createClickInterpreter } from "./events/create-click-interpreter";
import { startPlanChangeConsumer } from "./events/start-plan-change-consumer";
import { startWebhookEventConsumer } from "./events/start-webhook-event-consumer";
import { checkWebhookUrl } from "./outbound/check-webhook-url";
import { createWebhookAgent } from "./outbound/create-webhook-agent";
import { postWebhook } from "./outbound/post-webhook";
import { webhookAllowancesFrom } from "./plans/webhook-allowance";
import { loadSecretBoxKey } from "./signing/load-secret-box-key";
import { rememberOpenedSecrets } from "./signing/remember-opened-secrets";
import { createSecretBox } from "./signing/secret-box";

const MIGRATIONS_FOLDER = fileURLToPath(new URL("../drizzle", import.meta.url));

/** Wiring: config → infrastructure → app → listen; the returned stop() drains and closes. */
export function startWebhookDispatcher(
  config: WebhookDispatcherConfig,
  shared: SharedInfrastructure = {},
): Promise<RunningService> {
  return startService({
    name: SERVICE_NAME,
    config,
    needs: { database: { migrationsFolder: MIGRATIONS_FOLDER }, cache: true, events: true },
    downstream: [["auth-server", config.AUTH_SERVER_GRPC_ADDR]],
    shared,
    build: async ({ logger, infra, lifecycle, readiness, clock }) => {
      const tokens = createServiceTokensFromConfig(config, SERVICE_NAME, clock);
      const authServer = createGrpcClient(authV1.AuthService, config.AUTH_SERVER_GRPC_ADDR, {
        logger,
        auth: { audience: AUTH_SERVER_AUDIENCE, tokens },
      });
      lifecycle.add("clients", "grpc-clients", async () => authServer.close());
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
      const allowedTargets = parseAllowedTargets(config.WEBHOOK_ALLOWED_TARGETS.join(","));
      const agent = createWebhookAgent({ allowedTargets });
      lifecycle.add("clients", "webhook-agent", async () => agent.close());

      const outboxProducer = infra.bus!.producer();
      lifecycle.add("producers", "outbox-producer", () => outboxProducer.close());
      const app = await buildApp({
        logger,
        outboxProducer,
        outboxPollIntervalMs: config.OUTBOX_POLL_INTERVAL_MS,
        readiness,
        trustProxy: config.TRUST_PROXY,
        // connectInfrastructure opens the database without a schema type; the tables are ours.
        db: infra.database!.db as unknown as WebhookDatabase,
        allowances: webhookAllowancesFrom(authServer),
        secrets: rememberOpenedSecrets(createSecretBox(await loadSecretBoxKey(config, logger, SERVICE_NAME))),
        checkUrl: (url) => checkWebhookUrl(url, { allowedTargets }),
        post: (request) =>
          postWebhook(request, { agent, allowedTargets, timeoutMs: config.WEBHOOK_TIMEOUT_MS }),
        verifier: createVerifierFromConfig(config, {
          isRevoked: revocations.isRevoked,
          roleOf: memberships.roleOf,
        }),
        authenticateCall: createCallAuthenticatorFromConfig(config, SERVICE_NAME, {
          isRevoked: revocations.isRevoked,
          roleOf: memberships.roleOf,
          clock,
        }),
        restRateLimit: restRateLimitFromAuthServer({ config, store: infra.cache!.cache, authServer, logger }),
        cache: infra.cache!,
        delivery: {
          pollIntervalMs: config.WEBHOOK_POLL_INTERVAL_MS,
          concurrency: config.WEBHOOK_CONCURRENCY,
          perEndpoint: config.WEBHOOK_ENDPOINT_CONCURRENCY,
          leaseMs: config.WEBHOOK_CLAIM_LEASE_MS,
          attemptTimeoutMs: config.WEBHOOK_TIMEOUT_MS,
        },
        clock,
      });
      const hosts = createShortHosts({
        shortHost: config.SHORT_HOST,
        subdomainHost: config.SUBDOMAIN_HOST,
        scheme: config.SHORT_URL_SCHEME,
      });
      const consumer = await startWebhookEventConsumer(infra.bus!, app.ctx, {
        enrich: createClickInterpreter(await openGeoLocator(config.GEOIP_DATABASE_PATH)),
        shortUrl: (host, code) => hosts.shortUrl(host, code),
      });
      lifecycle.add("consumers", "webhook-events", () => consumer.stop());
      const planChanges = await startPlanChangeConsumer(infra.bus!, app.ctx);
      lifecycle.add("consumers", "plan-changes", () => planChanges.stop());
      app.worker.start();
      lifecycle.add("consumers", "delivery-worker", () => app.worker.stop());
      app.relay.start();
      lifecycle.add("consumers", "outbox-relay", () => app.relay.stop());
      let pruning: Promise<unknown> = Promise.resolve();
      const stopPruning = systemTimer.every(config.WEBHOOK_PRUNE_INTERVAL_MS, async () => {
        // One pass at a time; a slow pass makes the next tick wait rather than overlap.
        pruning = pruning
          .then(() => pruneDeliveryLog(app.ctx))
          .catch((err) => logger.warn({ event: "webhook.prune_failed", err }));
        await pruning;
      });
      lifecycle.add("consumers", "delivery-log-pruning", async () => {
        stopPruning();
        await pruning;
      });
      return { http: app.http, grpc: app.grpc };
    },
  });
}
