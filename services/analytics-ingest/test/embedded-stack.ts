import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { createEdge } from "@kurz/edge";
import { createEventBus, type EventBus, type EventBusOptions } from "@kurz/events";
import { createGrpcServer } from "@kurz/grpc";
import * as linkApi from "@kurz/link-api";
import { createLogger } from "@kurz/logger";
import { authV1 } from "@kurz/proto";
import * as redirector from "@kurz/redirector";
import { SERVICE_NAMES, type ServiceName } from "@kurz/routes";
import type { RunningService } from "@kurz/service-runtime";
import { startTestIssuer, TEST_SERVICE_CLIENT_SECRET, type TestIssuer } from "@kurz/testing";
import type { FastifyInstance } from "fastify";
import * as analyticsIngest from "../src/index";

/** Plan every test account gets from the stand-in AuthService. */
const TEST_PLAN = {
  id: "business",
  mcpAccess: true,
  webhooks: true,
  abTests: true,
  analyticsRetentionDays: 400,
  grantableScopes: [],
};

/**
 * A stand-in for auth-server's gRPC AuthService (GetAccount answers every account with the
 * business plan, GetMembership each person owner of their own workspace), so link-api's quotas and analytics-ingest's retention lookup run their real
 * code paths without auth-server's login flow. Tokens come from startTestIssuer.
 */
async function startTestAuthService(): Promise<{ address: string; stop(): Promise<void> }> {
  // A test double: it checks no callers (link-api and analytics-ingest still send their tokens).
  const server = createGrpcServer({ unauthenticated: true });
  const implemented: Record<string, unknown> = {
    getAccount: (request: authV1.GetAccountRequest) => ({
      account: {
        id: request.accountId,
        email: `${request.accountId}@example.com`,
        name: "Test",
        plan: TEST_PLAN,
      },
    }),
    // Each test account is the owner of its own workspace and a member of no other.
    getMembership: (request: authV1.GetMembershipRequest) => ({
      role: request.userId === request.workspaceId ? "owner" : "",
    }),
    isTokenRevoked: () => ({ revoked: false }),
    listRevokedTokens: () => ({}),
  };
  // Every other RPC (and any added later) fails: this stack does not use it.
  const implementation = new Proxy(implemented, {
    get: (target, property) =>
      typeof property === "string" && property in target
        ? target[property]
        : () => {
            throw new Error(`the test AuthService does not implement ${String(property)}`);
          },
  });
  server.addService(authV1.AuthService, implementation as never);
  const port = await server.listen("127.0.0.1", 0);
  return { address: `127.0.0.1:${port}`, stop: () => server.shutdown(1_000) };
}

type AnalyticsService = Awaited<ReturnType<typeof analyticsIngest.startAnalyticsIngest>>;

export interface EmbeddedStack {
  /** The local edge: every public path, as in `make start`. */
  edgeUrl: string;
  linkApi: RunningService;
  redirector: RunningService;
  /** Started by start() unless `withoutAnalytics`; startAnalytics() starts it later. */
  analytics: AnalyticsService | undefined;
  startAnalytics(): Promise<AnalyticsService>;
  bus: EventBus;
  issuer: TestIssuer;
  token(accountId: string, scopes: string[]): Promise<string>;
  stop(): Promise<void>;
}

/**
 * link-api, redirector and analytics-ingest in this process on ephemeral ports, sharing one
 * in-process bus, behind the local edge, each with its embedded adapters (PGlite, chDB,
 * in-memory caches) under a temp DATA_DIR — embedded mode, minus the services this flow does not
 * touch. (apps/embedded's startEmbedded hands every service the real auth-server's JWKS, which
 * test tokens cannot satisfy.)
 */
export async function startEmbeddedStack(
  options: {
    withoutAnalytics?: boolean;
    env?: Record<string, string>;
    /** How much of each partition the shared in-process bus keeps (the bench sizes it). */
    memoryRetention?: EventBusOptions["memoryRetention"];
    /** analytics-ingest's injectable parts (the click-count feed's timer). */
    analytics?: analyticsIngest.AnalyticsIngestOptions;
  } = {},
) {
  const logger = createLogger({ service: "embedded-test", level: process.env.TEST_LOG_LEVEL ?? "silent" });
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "kurz-e2e-"));
  const issuer = await startTestIssuer();
  const auth = await startTestAuthService();
  const bus = createEventBus({
    clientId: "kurz-embedded-test",
    logger,
    memoryRetention: options.memoryRetention,
  });
  const shared = { bus };
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? "silent",
    HTTP_PORT: "0",
    GRPC_PORT: "0",
    AUTH_SERVER_HTTP_URL: issuer.baseUrl,
    // Every service's credential at the test issuer's internal token endpoint.
    SERVICE_CLIENT_SECRET: TEST_SERVICE_CLIENT_SECRET,
    AUTH_SERVER_GRPC_ADDR: auth.address,
    ...options.env,
  };
  const started: RunningService[] = [];
  let edge: FastifyInstance | undefined;
  const stop = async () => {
    await edge?.close();
    for (const service of [...started].reverse()) await service.stop();
    await bus.close();
    await auth.stop();
    await issuer.stop();
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    const links = await linkApi.startLinkApi(linkApi.loadConfig(env), shared);
    started.push(links);
    const redirect = await redirector.startRedirector(
      redirector.loadConfig({ ...env, LINK_API_GRPC_ADDR: links.grpcAddress }),
      shared,
    );
    started.push(redirect);
    const analyticsConfig = analyticsIngest.loadConfig({ ...env, LINK_API_GRPC_ADDR: links.grpcAddress });
    let analytics: AnalyticsService | undefined;
    const startAnalytics = async () => {
      analytics = await analyticsIngest.startAnalyticsIngest(analyticsConfig, shared, options.analytics);
      started.push(analytics);
      return analytics;
    };
    if (!options.withoutAnalytics) await startAnalytics();

    const running: Partial<Record<ServiceName, string>> = {
      "link-api": links.httpUrl,
      redirector: redirect.httpUrl,
    };
    const upstreams = Object.fromEntries(
      SERVICE_NAMES.map((name) => [name, running[name] ?? "http://127.0.0.1:9"]),
    ) as Record<ServiceName, string>;
    // Visitors come from many countries (X-Forwarded-For): the test is the proxy in front of the edge.
    const edgeApp = await createEdge({ logger, upstreams, trustedProxies: ["loopback"] });
    // analytics-ingest may start later: the edge resolves its upstream per request.
    Object.defineProperty(upstreams, "analytics-ingest", {
      get: () => analytics?.httpUrl ?? "http://127.0.0.1:9",
    });
    edge = edgeApp;
    const edgeUrl = await edgeApp.listen({ host: "127.0.0.1", port: 0 });
    return {
      edgeUrl,
      linkApi: links,
      redirector: redirect,
      get analytics() {
        return analytics;
      },
      startAnalytics,
      bus,
      issuer,
      token: (accountId: string, scopes: string[]) => issuer.mint({ accountId, scopes }),
      stop,
    } satisfies EmbeddedStack;
  } catch (error) {
    await stop();
    throw error;
  }
}
