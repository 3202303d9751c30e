import type { CacheConnection } from "@kurz/cache";
import { createLazyGeoLocator, createUserAgentClassifier } from "@kurz/click-enrichment";
import { type Clock, systemClock } from "@kurz/clock";
import type { EventProducer } from "@kurz/events";
import { createGrpcServer, type GrpcServer } from "@kurz/grpc";
import type { Logger } from "@kurz/logger";
import { createAcceptLanguageParser } from "@kurz/redirect-rules";
import { SERVICES } from "@kurz/routes";
import { createHttpApp, type HttpApp, type ReadinessCheck } from "@kurz/service-runtime";
import { createAbCookies } from "./abtests/ab-cookie";
import { type RedirectorConfig, SERVICE_NAME } from "./config";
import { createCookieSigner } from "./cookies/cookie-signer";
import { type ClickPublisher, createClickPublisher } from "./events/click-publisher";
import { createHostSettingsCache, type HostSettingsCache } from "./links/host-settings-cache";
import { type HostSettingsSource, noHostSettings } from "./links/host-settings-source";
import { createLinkCache, type LinkCache } from "./links/link-cache";
import type { LinkSource } from "./links/link-source";
import { createPasswordCookies } from "./password/password-cookie";
import { createPasswordGate } from "./password/password-gate";
import { createClickCounter } from "./redirect/click-counter";
import type { VisitDeciding } from "./redirect/decide-link-visit";

import { createHostNormalizer } from "./redirect/request-host";
import { createVisitorReader } from "./redirect/visitor-reader";
import { installFastRedirect } from "./routes/fast-redirect";
import { registerRedirectRoutes } from "./routes/redirect-routes";
import { registerWellKnownRoutes } from "./routes/well-known-routes";

export interface AppDependencies {
  config: RedirectorConfig;
  logger: Logger;
  readiness: ReadinessCheck[];
  cache: CacheConnection;
  /** Where click events go: a bounded batching producer. */
  clickProducer: EventProducer;
  /** link-api's Resolve (a test may pass its own fixture's client). */
  linkSource: LinkSource;
  /** link-api's ResolveHost: branded domains' and subdomains' own settings (none when absent). */
  hostSettingsSource?: HostSettingsSource;
  /** Time for the link cache's TTLs; the system's unless a test shares its clock. */
  clock?: Clock;
}

export interface App {
  http: HttpApp;
  grpc: GrpcServer;
  links: LinkCache;
  /** Branded domains' and subdomains' settings (domain change events drop their entries). */
  hostSettings: HostSettingsCache;
  clicks: ClickPublisher;
}

/** Builds the HTTP and gRPC apps of redirector; never listens (tests drive it directly). */
export function buildApp(deps: AppDependencies): App {
  const { config, logger } = deps;
  const clock = deps.clock ?? systemClock;
  const http = createHttpApp({
    service: SERVICE_NAME,
    logger,
    readiness: deps.readiness,
    trustProxy: config.TRUSTED_PROXIES,
    bodyLimitBytes: SERVICES.redirector.maxBodyBytes,
  });
  // A pino child per request (fastify's default) costs more than the redirect itself; request
  // logs are off here anyway, and errors are logged with the request's URL by the error handler.
  http.app.setChildLoggerFactory((parent) => parent);
  const grpc = createGrpcServer({ logger });
  const links = createLinkCache({
    source: deps.linkSource,
    store: deps.cache.cache,
    logger,
    l1TtlMs: config.LINK_L1_TTL_MS,
    l1MaxEntries: config.LINK_L1_MAX_ENTRIES,
    l2TtlMs: config.LINK_L2_TTL_MS,
    negativeTtlMs: config.LINK_NEGATIVE_TTL_MS,
    clock,
  });
  const hostSettings = createHostSettingsCache({
    source: deps.hostSettingsSource ?? noHostSettings,
    logger,
    ttlMs: config.HOST_SETTINGS_TTL_MS,
    clock,
  });
  const clicks = createClickPublisher(deps.clickProducer, SERVICE_NAME, logger);
  const visitors = createVisitorReader(
    config.TRUSTED_PROXIES,
    createHostNormalizer(config.SHORT_HOST, config.SHORT_HOST_ALIASES),
  );
  // One signer for every cookie: with an empty secret its random key must still be shared.
  const signer = createCookieSigner(config.PASSWORD_COOKIE_SECRET);
  const abCookies = createAbCookies(signer);
  const deciding: VisitDeciding = {
    classify: createUserAgentClassifier(),
    languages: createAcceptLanguageParser(),
    geo: createLazyGeoLocator(config.GEOIP_DATABASE_PATH, logger),
    abRouting: { cookies: abCookies, visitors },
  };
  registerRedirectRoutes(http.app, {
    cache: links,
    clicks,
    visitors,
    deciding,
    counter: createClickCounter(deps.cache.cache, config.CLICK_COUNTER_TTL_MS),
    passwords: createPasswordGate({
      cookies: createPasswordCookies(signer, config.PASSWORD_COOKIE_MAX_AGE_S),
      rateLimiter: deps.cache.rateLimiter,
      attemptsBurst: config.PASSWORD_ATTEMPTS_BURST,
      attemptsPerMinute: config.PASSWORD_ATTEMPTS_PER_MINUTE,
      clock,
    }),
    staticMaxAgeSeconds: config.STATIC_REDIRECT_MAX_AGE_S,
    hostRedirects: {
      shortHost: config.SHORT_HOST,
      root: config.ROOT_REDIRECT_URL,
      notFound: config.NOT_FOUND_REDIRECT_URL,
      expired: config.EXPIRED_REDIRECT_URL,
      settings: hostSettings,
    },
    logger,
    clock,
  });
  registerWellKnownRoutes(http.app, { settings: hostSettings, visitors });
  const fastPath = installFastRedirect(http.app.server, {
    links,
    clicks,
    visitors,
    deciding,
    staticMaxAgeSeconds: config.STATIC_REDIRECT_MAX_AGE_S,
    logger,
    clock,
  });
  http.app.addHook("preClose", async () => fastPath.stop());
  return { http, grpc, links, clicks, hostSettings };
}
