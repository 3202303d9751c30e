import { fileURLToPath } from "node:url";
import { fromBinary } from "@bufbuild/protobuf";
import { createCallAuthenticator, createTokenVerifier, SCOPE_NAMES } from "@kurz/auth-verifier";
import { type CacheConnection, createCache } from "@kurz/cache";
import { createEventBus, type EventBus, eventTopics } from "@kurz/events";
import { createGrpcClient, type GrpcClient } from "@kurz/grpc";
import { createLogger } from "@kurz/logger";
import { campaignsV1, domainsV1, eventsV1, linksV1, qrV1 } from "@kurz/proto";
import { createDatabase, type DatabaseConnection } from "@kurz/relational";
import { createShortHosts } from "@kurz/routes";
import { type Clock, createRestRateLimit } from "@kurz/service-runtime";
import { parseHostAllowList } from "@kurz/ssrf";
import {
  type AccountsClient,
  accountsClient,
  startTestAuthService,
  startTestIssuer,
  type TestAuthService,
  type TestAuthServiceOptions,
  type TestIssuer,
} from "@kurz/testing";
import type { FastifyInstance } from "fastify";
import { createGrpcAccountPlans } from "../../src/accounts/create-grpc-account-plans";
import { type App, buildApp } from "../../src/app";
import type { LinkApiDatabase } from "../../src/db/link-api-database";
import * as schema from "../../src/db/schema";
import { createDnsDomainVerifier } from "../../src/domains/domain-verifier";
import type { ImportWorkerOptions } from "../../src/imports/import-worker";

export const MIGRATIONS_FOLDER = fileURLToPath(new URL("../../drizzle", import.meta.url));

export interface RecordedEvent {
  topic: string;
  envelope: eventsV1.EventEnvelope;
}

export interface TestLinkApiOptions {
  /** PostgreSQL URL; PGlite in memory when omitted. */
  databaseUrl?: string;
  /** An event bus (e.g. Kafka on the mock cluster); the in-process bus when omitted. */
  bus?: EventBus;
  plans?: TestAuthServiceOptions;
  dnsServers?: string[];
  requestsPerMinute?: number;
  /** link-api's clock: REST rate windows, code quarantine, expiry checks (tests move it forward). */
  clock?: Clock;
  /** DELETED_CODE_QUARANTINE_DAYS; 90 when omitted. */
  deletedCodeQuarantineDays?: number;
  /** DESTINATION_ALLOWED_HOSTS; none when omitted. */
  destinationAllowedHosts?: string[];
  /** The service's cache (e.g. Redis); its own in-memory one when omitted. The caller closes it. */
  cache?: CacheConnection;
  /**
   * Imports: the file limit and the worker's settings. The worker is not started unless
   * `startImportWorker`: tests drive it with app.importWorker.runOnce() (or workers of their own).
   */
  imports?: ImportWorkerOptions & { maxBytes?: number; maxConcurrentUploads?: number };
  startImportWorker?: boolean;
}

export interface TestLinkApi {
  http: FastifyInstance;
  grpcAddress: string;
  db: LinkApiDatabase;
  app: App;
  bus: EventBus;
  issuer: TestIssuer;
  authService: TestAuthService;
  /**
   * gRPC clients as a calling service ("mcp-gateway") with real tokens from the test issuer:
   * `{ accountId }` in a call's options makes it act for that account (an internal account token
   * with every scope); without it the call carries the service's own token only.
   */
  links: AccountsClient<typeof linksV1.LinkService.method>;
  qr: AccountsClient<typeof qrV1.QrService.method>;
  campaigns: AccountsClient<typeof campaignsV1.CampaignService.method>;
  domains: AccountsClient<typeof domainsV1.DomainService.method>;
  /** A LinkService client that sends no token at all: what a forged call looks like. */
  anonymousLinks: GrpcClient<typeof linksV1.LinkService.method>;
  /** A bearer header for the account, with every scope unless given. */
  auth(accountId: string, scopes?: readonly string[]): Promise<{ authorization: string }>;
  /** Every event published on link-api's topics since start, decoded. */
  events: RecordedEvent[];
  close(): Promise<void>;
}

/**
 * link-api as its tests see it: the real app (HTTP via inject, gRPC on a loopback port), a real
 * JWKS issuer, a real gRPC AuthService for plans, an embedded database and event bus.
 */
export async function startTestLinkApi(options: TestLinkApiOptions = {}): Promise<TestLinkApi> {
  const logger = createLogger({ service: "link-api-test", level: "silent" });
  const connection: DatabaseConnection<typeof schema> = await createDatabase({
    url: options.databaseUrl,
    schema,
    poolMax: 5,
  });
  await connection.migrate(MIGRATIONS_FOLDER);
  const ownBus = options.bus === undefined;
  const bus = options.bus ?? createEventBus({ clientId: "link-api-test" });
  // Service tokens on link-api's timeline: a test that moves the clock days ahead still calls.
  const issuer = await startTestIssuer(options.clock ? { clock: options.clock } : {});
  const authService = await startTestAuthService(options.plans);
  const plans = createGrpcAccountPlans({ address: authService.address, ttlMs: 0 });
  const cache = options.cache ?? createCache({});
  const outboxProducer = bus.producer({ lingerMs: 1, retryBackoff: { initialMs: 50, maxMs: 300 } });

  const app = await buildApp({
    logger,
    readiness: [],
    db: connection.db as unknown as LinkApiDatabase,
    plans,
    verifier: createTokenVerifier({
      jwksUrl: issuer.jwksUrl,
      issuer: issuer.issuer,
      audience: issuer.audience,
    }),
    authenticateCall: createCallAuthenticator({
      service: "link-api",
      jwksUrl: issuer.jwksUrl,
      issuer: issuer.issuer,
      apiAudience: issuer.audience,
      ...(options.clock ? { clock: options.clock } : {}),
    }),
    restRateLimit: createRestRateLimit({
      store: cache.cache,
      clock: options.clock,
      accountQuota: async (accountId) => (await plans.getPlan(accountId)).restRequestsPerMinute,
      defaultPerMinute: options.requestsPerMinute ?? 100_000,
      perIpPerMinute: 100_000,
    }),
    cache,
    hosts: createShortHosts({ shortHost: "localhost:8080", subdomainHost: "kurz.test", scheme: "http" }),
    domainVerifier: createDnsDomainVerifier({
      servers: options.dnsServers ?? ["127.0.0.1:1"],
      timeoutMs: 1_000,
    }),
    outboxProducer,
    outboxPollIntervalMs: 50,
    clock: options.clock,
    deletedCodeQuarantineDays: options.deletedCodeQuarantineDays,
    destinationAllowList: parseHostAllowList(options.destinationAllowedHosts ?? []),
    ...(options.imports ? { imports: options.imports } : {}),
  });
  app.relay.start();
  if (options.startImportWorker) app.importWorker.start();
  await app.http.app.ready();
  const port = await app.grpc.listen("127.0.0.1", 0);
  const grpcAddress = `127.0.0.1:${port}`;

  const events: RecordedEvent[] = [];
  const topics = [eventTopics.link, eventTopics.qr, eventTopics.campaign, eventTopics.domain];
  const consumer = await bus.consume({
    groupId: `link-api-test-${Math.random().toString(36).slice(2)}`,
    topics,
    handler: async (message) => {
      events.push({
        topic: message.topic,
        envelope: fromBinary(eventsV1.EventEnvelopeSchema, message.value),
      });
    },
  });

  const auth = { audience: "link-api", tokens: issuer.tokensFor("mcp-gateway", SCOPE_NAMES) };
  const links = createGrpcClient(linksV1.LinkService, grpcAddress, { auth });
  const qr = createGrpcClient(qrV1.QrService, grpcAddress, { auth });
  const campaigns = createGrpcClient(campaignsV1.CampaignService, grpcAddress, { auth });
  const domains = createGrpcClient(domainsV1.DomainService, grpcAddress, { auth });
  const anonymousLinks = createGrpcClient(linksV1.LinkService, grpcAddress, { retry: { maxAttempts: 1 } });

  return {
    http: app.http.app,
    grpcAddress,
    db: connection.db as unknown as LinkApiDatabase,
    app,
    bus,
    issuer,
    authService,
    links: accountsClient(links),
    qr: accountsClient(qr),
    campaigns: accountsClient(campaigns),
    domains: accountsClient(domains),
    anonymousLinks,
    async auth(accountId, scopes = SCOPE_NAMES) {
      return { authorization: `Bearer ${await issuer.mint({ accountId, scopes })}` };
    },
    events,
    async close() {
      for (const client of [links, qr, campaigns, domains, anonymousLinks]) client.close();
      await app.grpc.shutdown(1_000);
      await app.http.app.close();
      await app.importWorker.stop();
      await app.relay.stop();
      await consumer.stop();
      await outboxProducer.close(2_000).catch(() => {});
      if (ownBus) await bus.close();
      plans.close();
      if (!options.cache) await cache.close();
      await authService.stop();
      await issuer.stop();
      await connection.close();
    },
  };
}
