import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import fastifyCookie from "@fastify/cookie";
import { type CacheStore, createCache, type Locks, type RateLimiter } from "@kurz/cache";
import type { Clock } from "@kurz/clock";
import { createGrpcServer, type GrpcServer } from "@kurz/grpc";
import type { Logger } from "@kurz/logger";
import { SERVICES } from "@kurz/routes";
import { createHttpApp, type HttpApp, type ReadinessCheck } from "@kurz/service-runtime";
import { type DashboardConfig, SERVICE_NAME } from "./config";
import type { DashboardContext } from "./dashboard-context";
import { createDashboardOAuthClient } from "./oauth/dashboard-oauth-client";
import { registerApiRelayRoute } from "./routes/api-relay-route";
import { registerAuthRoutes } from "./routes/auth-routes";
import { registerSessionRoute } from "./routes/session-route";
import {
  createPendingLoginStore,
  PENDING_LOGIN_MAX_ENTRIES,
  SHARED_PENDING_LOGIN_MAX_PER_WINDOW,
} from "./session/pending-login-store";
import { cookieNames } from "./session/session-cookie";
import { createSessionStore } from "./session/session-store";
import { registerWebAppRoutes } from "./web-app/web-app-routes";

export interface AppDependencies {
  config: DashboardConfig;
  logger: Logger;
  clock: Clock;
  readiness: ReadinessCheck[];
  /** Holds the sessions. */
  cache: CacheStore;
  locks: Locks;
  /** Throttles sign-in starts per client address. */
  rateLimiter: RateLimiter;
  /**
   * Where pending sign-ins live: the shared Redis when distributed; by default a private bounded
   * memory cache, so they never compete with the sessions for the memory cache's entries.
   */
  pendingLoginCache?: CacheStore;
}

export interface App {
  http: HttpApp;
  grpc: GrpcServer;
}

/**
 * The web app built by `build:web`: `web/dist` beside the sources, or `web/` beside the bundle
 * (`build` copies it into dist/ for the image).
 */
export const DEFAULT_WEB_DIR =
  [new URL("../web/dist", import.meta.url), new URL("./web", import.meta.url)]
    .map((url) => fileURLToPath(url))
    .find((dir) => existsSync(path.join(dir, "index.html"))) ??
  fileURLToPath(new URL("../web/dist", import.meta.url));

/** Builds the dashboard's HTTP app (gRPC: health only); never listens (tests drive it directly). */
export async function buildApp(deps: AppDependencies): Promise<App> {
  const { config } = deps;
  const http = createHttpApp({
    service: SERVICE_NAME,
    logger: deps.logger,
    readiness: deps.readiness,
    bodyLimitBytes: SERVICES.dashboard.maxBodyBytes,
    // The edge (locally) or the ingress names the browser's address.
    trustProxy: config.TRUST_PROXY,
  });
  await http.app.register(fastifyCookie);
  const ctx: DashboardContext = {
    config,
    logger: deps.logger,
    clock: deps.clock,
    cache: deps.cache,
    locks: deps.locks,
    sessions: createSessionStore(deps.cache, {
      idleMs: config.DASHBOARD_SESSION_IDLE_MS,
      maxMs: config.DASHBOARD_SESSION_MAX_MS,
      clock: deps.clock,
    }),
    pendingLogins: createPendingLoginStore(
      deps.pendingLoginCache
        ? {
            cache: deps.pendingLoginCache,
            rateLimiter: deps.rateLimiter,
            maxPerWindow: SHARED_PENDING_LOGIN_MAX_PER_WINDOW,
          }
        : {
            cache: createCache({
              clock: deps.clock,
              maxEntries: PENDING_LOGIN_MAX_ENTRIES,
              logger: deps.logger,
            }).cache,
            rateLimiter: deps.rateLimiter,
          },
    ),
    oauth: createDashboardOAuthClient({
      issuer: config.ISSUER,
      authServerUrl: config.AUTH_SERVER_HTTP_URL,
      redirectUri: `${config.ISSUER}/app/auth/callback`,
      clientSecret: config.DASHBOARD_OAUTH_CLIENT_SECRET,
    }),
    cookies: cookieNames(config.SECURE_COOKIES),
    webDir: path.resolve(config.DASHBOARD_WEB_DIR ?? DEFAULT_WEB_DIR),
  };
  registerAuthRoutes(http.app, ctx);
  registerSessionRoute(http.app, ctx);
  registerApiRelayRoute(http.app, ctx);
  await registerWebAppRoutes(http.app, ctx);
  return { http, grpc: createGrpcServer({ logger: deps.logger }) };
}
