import { fileURLToPath } from "node:url";
import {
  createCallAuthenticatorFromConfig,
  createMembershipCheck,
  createRevocationCheck,
  createVerifierFromConfig,
} from "@kurz/auth-verifier";
import { type RepeatingTimer, systemTimer } from "@kurz/clock";
import { AUTH_SERVER_AUDIENCE, createGrpcClient } from "@kurz/grpc";
import { authV1 } from "@kurz/proto";
import {
  createServiceTokensFromConfig,
  type RunningService,
  restRateLimitFromAuthServer,
  type SharedInfrastructure,
  startService,
} from "@kurz/service-runtime";
import { autoCompleteAbTests } from "./abtests/auto-complete-ab-tests";
import { createGrpcVariantStatsSource } from "./analytics/variant-stats-source";
import { buildApp } from "./app";
import { type AbtestEngineConfig, SERVICE_NAME } from "./config";
import type { AbtestDatabase } from "./db/abtest-database";
import { startPlanChangeConsumer } from "./events/start-plan-change-consumer";
import { createGrpcLinkDirectory } from "./links/link-directory";
import { startLinkEventConsumer } from "./links/start-link-event-consumer";
import { abTestAllowancesFrom } from "./plans/ab-test-allowance";
import { reconcileLinkRouting } from "./routing/reconcile-link-routing";

const MIGRATIONS_FOLDER = fileURLToPath(new URL("../drizzle", import.meta.url));

export interface AbtestEngineOptions {
  /** Fires the auto_complete pass (tests fire it themselves); every AB_AUTO_COMPLETE_INTERVAL_MS. */
  autoCompleteTimer?: RepeatingTimer;
  /** Fires the routing reconciler; every AB_ROUTING_RECONCILE_INTERVAL_MS. */
  routingTimer?: RepeatingTimer;
}

/** Wiring: config → infrastructure → app → listen; the returned stop() drains and closes. */
export function startAbtestEngine(
  config: AbtestEngineConfig,
  shared: SharedInfrastructure = {},
  options: AbtestEngineOptions = {},
): Promise<RunningService> {
  return startService({
    name: SERVICE_NAME,
    config,
    needs: { database: { migrationsFolder: MIGRATIONS_FOLDER }, cache: true, events: true },
    downstream: [
      ["auth-server", config.AUTH_SERVER_GRPC_ADDR],
      ["link-api", config.LINK_API_GRPC_ADDR],
      ["analytics-ingest", config.ANALYTICS_INGEST_GRPC_ADDR],
    ],
    shared,
    build: async ({ logger, infra, lifecycle, readiness, clock }) => {
      // What abtest-engine's own gRPC calls carry: its service token.
      const tokens = createServiceTokensFromConfig(config, SERVICE_NAME, clock);
      const authServer = createGrpcClient(authV1.AuthService, config.AUTH_SERVER_GRPC_ADDR, {
        logger,
        auth: { audience: AUTH_SERVER_AUDIENCE, tokens },
      });
      const links = createGrpcLinkDirectory({ address: config.LINK_API_GRPC_ADDR, tokens, logger });
      const variantStats = createGrpcVariantStatsSource({
        address: config.ANALYTICS_INGEST_GRPC_ADDR,
        tokens,
        logger,
      });
      lifecycle.add("clients", "grpc-clients", async () => {
        authServer.close();
        links.close();
        variantStats.close();
      });
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
        db: infra.database!.db as unknown as AbtestDatabase,
        links,
        variantStats,
        allowances: abTestAllowancesFrom(authServer),
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
        outboxProducer,
        outboxPollIntervalMs: config.OUTBOX_POLL_INTERVAL_MS,
        sequentialTuning: config.AB_SEQUENTIAL_TUNING,
        clock,
      });
      app.relay.start();
      const consumer = await startLinkEventConsumer(infra.bus!, app.ctx);
      lifecycle.add("consumers", "link-events", () => consumer.stop());
      const planChanges = await startPlanChangeConsumer(infra.bus!, app.ctx);
      lifecycle.add("consumers", "plan-changes", () => planChanges.stop());
      let autoCompleting: Promise<unknown> = Promise.resolve();
      const stopAutoComplete = (options.autoCompleteTimer ?? systemTimer).every(
        config.AB_AUTO_COMPLETE_INTERVAL_MS,
        async () => {
          // One pass at a time; a slow pass makes the next tick wait rather than overlap.
          autoCompleting = autoCompleting
            .then(() => autoCompleteAbTests(app.ctx))
            .catch((err) => logger.warn({ event: "abtest.auto_complete_pass_failed", err }));
          await autoCompleting;
        },
      );
      lifecycle.add("consumers", "auto-complete", async () => {
        stopAutoComplete();
        await autoCompleting;
      });
      let reconciling: Promise<unknown> = Promise.resolve();
      const stopReconcile = (options.routingTimer ?? systemTimer).every(
        config.AB_ROUTING_RECONCILE_INTERVAL_MS,
        async () => {
          reconciling = reconciling
            .then(() => reconcileLinkRouting(app.ctx))
            .catch((err) => logger.warn({ event: "abtest.routing_reconcile_pass_failed", err }));
          await reconciling;
        },
      );
      lifecycle.add("consumers", "routing-reconciler", async () => {
        stopReconcile();
        await reconciling;
      });
      // After the servers stopped taking writes, before the producers flush.
      lifecycle.add("consumers", "outbox-relay", () => app.relay.stop());
      return { http: app.http, grpc: app.grpc };
    },
  });
}
