import { createMembershipCheck, createRevocationCheck, createVerifierFromConfig } from "@kurz/auth-verifier";
import { AUTH_SERVER_AUDIENCE, createGrpcClient } from "@kurz/grpc";
import {
  abtestsV1,
  analyticsV1,
  authV1,
  campaignsV1,
  domainsV1,
  linksV1,
  qrV1,
  webhooksV1,
} from "@kurz/proto";
import {
  createServiceTokensFromConfig,
  type RunningService,
  type SharedInfrastructure,
  startService,
} from "@kurz/service-runtime";
import { buildApp } from "./app";
import { type McpGatewayConfig, SERVICE_NAME } from "./config";

/** Wiring: config → infrastructure → app → listen; the returned stop() drains and closes. */
export function startMcpGateway(
  config: McpGatewayConfig,
  shared: SharedInfrastructure = {},
): Promise<RunningService> {
  return startService({
    name: SERVICE_NAME,
    config,
    needs: { cache: true },
    downstream: [
      ["auth-server", config.AUTH_SERVER_GRPC_ADDR],
      ["link-api", config.LINK_API_GRPC_ADDR],
      ["analytics-ingest", config.ANALYTICS_INGEST_GRPC_ADDR],
      ["abtest-engine", config.ABTEST_ENGINE_GRPC_ADDR],
      ["webhook-dispatcher", config.WEBHOOK_DISPATCHER_GRPC_ADDR],
    ],
    shared,
    build: async ({ logger, readiness, infra, lifecycle, clock }) => {
      // The gateway's own token, and per call the key's account token (token exchange).
      const tokens = createServiceTokensFromConfig(config, SERVICE_NAME, clock);
      const authServer = createGrpcClient(authV1.AuthService, config.AUTH_SERVER_GRPC_ADDR, {
        logger,
        auth: { audience: AUTH_SERVER_AUDIENCE, tokens },
      });
      const toLinkApi = { logger, auth: { audience: "link-api", tokens } };
      const clients = {
        links: createGrpcClient(linksV1.LinkService, config.LINK_API_GRPC_ADDR, toLinkApi),
        qr: createGrpcClient(qrV1.QrService, config.LINK_API_GRPC_ADDR, toLinkApi),
        campaigns: createGrpcClient(campaignsV1.CampaignService, config.LINK_API_GRPC_ADDR, toLinkApi),
        domains: createGrpcClient(domainsV1.DomainService, config.LINK_API_GRPC_ADDR, toLinkApi),
        analytics: createGrpcClient(analyticsV1.AnalyticsService, config.ANALYTICS_INGEST_GRPC_ADDR, {
          logger,
          auth: { audience: "analytics-ingest", tokens },
        }),
        abTests: createGrpcClient(abtestsV1.AbTestService, config.ABTEST_ENGINE_GRPC_ADDR, {
          logger,
          auth: { audience: "abtest-engine", tokens },
        }),
        webhooks: createGrpcClient(webhooksV1.WebhookService, config.WEBHOOK_DISPATCHER_GRPC_ADDR, {
          logger,
          auth: { audience: "webhook-dispatcher", tokens },
        }),
        // The same auth-server as AuthService's, but acting for the session's key or person.
        workspaces: createGrpcClient(authV1.WorkspaceService, config.AUTH_SERVER_GRPC_ADDR, {
          logger,
          auth: { audience: AUTH_SERVER_AUDIENCE, tokens },
        }),
      };
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
      const app = await buildApp({
        tokens: createVerifierFromConfig(config, {
          isRevoked: revocations.isRevoked,
          roleOf: memberships.roleOf,
        }),
        logger,
        readiness,
        config,
        authServer,
        clients,
        store: infra.cache!.cache,
        clock,
      });
      const sweep = setInterval(() => void app.sessions.sweep(), 60_000);
      sweep.unref();
      lifecycle.add("consumers", "mcp-sessions", async () => {
        clearInterval(sweep);
        await app.sessions.closeAll();
      });
      lifecycle.add("clients", "grpc-clients", async () => {
        authServer.close();
        for (const client of Object.values(clients)) client.close();
      });
      return { http: app.http, grpc: app.grpc };
    },
  });
}
