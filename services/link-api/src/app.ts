import { scopeAuditActors } from "@kurz/audit";
import type { TokenVerifier } from "@kurz/auth-verifier";
import type { EventProducer } from "@kurz/events";
import { type CallAuthenticator, createGrpcServer, type GrpcServer } from "@kurz/grpc";
import { DEFAULT_MAX_BYTES } from "@kurz/link-import";
import type { Logger } from "@kurz/logger";
import { createOutboxRelay, type OutboxRelay } from "@kurz/outbox";
import { campaignsV1, domainsV1, linksV1, qrV1 } from "@kurz/proto";
import type { ShortHosts } from "@kurz/routes";
import { SERVICES } from "@kurz/routes";
import {
  type Clock,
  createHttpApp,
  type HonorIdempotencyKeysOptions,
  type HttpApp,
  honorIdempotencyKeys,
  limitRestRoutes,
  type ReadinessCheck,
  type RestRateLimit,
  systemClock,
} from "@kurz/service-runtime";
import { type HostAllowList, parseHostAllowList } from "@kurz/ssrf";
import type { AccountPlans } from "./accounts/account-plans";
import { SERVICE_NAME } from "./config";
import type { LinkApiDatabase } from "./db/link-api-database";
import type { DomainVerifier } from "./domains/domain-verifier";
import { createCampaignService } from "./grpc/campaign-service";
import { createClickCountService } from "./grpc/click-count-service";
import { createDomainService } from "./grpc/domain-service";
import {
  CAMPAIGN_SERVICE_ACCESS,
  CLICK_COUNT_SERVICE_ACCESS,
  DOMAIN_SERVICE_ACCESS,
  LINK_SERVICE_ACCESS,
  OWNERSHIP_SERVICE_ACCESS,
  QR_SERVICE_ACCESS,
} from "./grpc/grpc-access";
import { createLinkService } from "./grpc/link-service";
import { createOwnershipService } from "./grpc/ownership-service";
import { createQrService } from "./grpc/qr-service";
import { createImportWorker, type ImportWorker, type ImportWorkerOptions } from "./imports/import-worker";
import { createUploadGate, DEFAULT_MAX_CONCURRENT_UPLOADS } from "./imports/upload-gate";
import type { LinkApiContext } from "./link-api-context";
import { registerApi } from "./routes/register-api";
import { registerDocs } from "./routes/register-docs";
import { createSimulatorDeps } from "./simulator/create-simulator-deps";

export interface AppDependencies {
  logger: Logger;
  readiness: ReadinessCheck[];
  db: LinkApiDatabase;
  plans: AccountPlans;
  verifier: TokenVerifier;
  /** Verifies the token every gRPC call carries (createCallAuthenticatorFromConfig). */
  authenticateCall: CallAuthenticator;
  /** Per-plan requests per minute on every /api/v1 route (see @kurz/service-runtime). */
  restRateLimit: RestRateLimit;
  /** The service's cache: Idempotency-Key answers and in-flight marks (honorIdempotencyKeys). */
  cache: HonorIdempotencyKeysOptions["cache"];
  hosts: ShortHosts;
  domainVerifier: DomainVerifier;
  /** A producer of the outbox relay's own (see @kurz/outbox). */
  outboxProducer: EventProducer;
  outboxPollIntervalMs: number;
  /** Default: the system clock. */
  clock?: Clock;
  /** DELETED_CODE_QUARANTINE_DAYS; default 90. */
  deletedCodeQuarantineDays?: number;
  /** DESTINATION_ALLOWED_HOSTS, parsed (parseHostAllowList); default none. */
  destinationAllowList?: HostAllowList;
  /** TRUST_PROXY: whose X-Forwarded-For names the client; default loopback (the local edge). */
  trustProxy?: string[];
  /**
   * Imports: the largest file (IMPORT_MAX_BYTES; default 50 MiB), the uploads received at once
   * (IMPORT_MAX_CONCURRENT_UPLOADS; default 4) and the worker's settings.
   */
  imports?: ImportWorkerOptions & { maxBytes?: number; maxConcurrentUploads?: number };
  /** GEOIP_DATABASE_PATH: the simulator's geo database (default: the bundled GeoLite2 data). */
  geoDatabasePath?: string | undefined;
}

const DAY_MS = 86_400_000;

export interface App {
  http: HttpApp;
  grpc: GrpcServer;
  ctx: LinkApiContext;
  /** Not started: the caller starts it and stops it after the servers. */
  relay: OutboxRelay;
  /** Not started: the caller starts it and stops it with the relay. */
  importWorker: ImportWorker;
}

/** Builds the HTTP and gRPC apps of link-api; never listens (tests drive it directly). */
export async function buildApp(deps: AppDependencies): Promise<App> {
  const relay = createOutboxRelay({
    db: deps.db,
    producer: deps.outboxProducer,
    logger: deps.logger,
    name: SERVICE_NAME,
    pollIntervalMs: deps.outboxPollIntervalMs,
  });
  const ctx: LinkApiContext = {
    db: deps.db,
    hosts: deps.hosts,
    plans: deps.plans,
    domainVerifier: deps.domainVerifier,
    logger: deps.logger,
    clock: deps.clock ?? systemClock,
    deletedCodeQuarantineMs: (deps.deletedCodeQuarantineDays ?? 90) * DAY_MS,
    destinationAllowList: deps.destinationAllowList ?? parseHostAllowList([]),
    eventsWritten: () => relay.wake(),
  };

  // Uploaded logos travel base64 in JSON: the body limit leaves room for one (see qr README).
  const http = createHttpApp({
    service: SERVICE_NAME,
    logger: deps.logger,
    readiness: deps.readiness,
    bodyLimitBytes: SERVICES["link-api"].maxBodyBytes,
    trustProxy: deps.trustProxy ?? ["loopback"],
  });
  // Before any route: each handler runs as its token's person, the actor of what it changes.
  scopeAuditActors(http.app);
  // The documentation is public and static: registered before the limit, it is not counted
  // (link-api sees the edge's address, not the reader's, so a per-address limit would be shared).
  await registerDocs(http.app);
  limitRestRoutes(http.app, deps.restRateLimit);
  honorIdempotencyKeys(http.app, { service: SERVICE_NAME, cache: deps.cache, clock: ctx.clock });
  const importWorker = createImportWorker(ctx, deps.imports);
  // One file limit and one wake-up for both ways in (REST POST /imports, gRPC StartImport).
  const imports = {
    maxBytes: deps.imports?.maxBytes ?? DEFAULT_MAX_BYTES,
    uploads: createUploadGate(deps.imports?.maxConcurrentUploads ?? DEFAULT_MAX_CONCURRENT_UPLOADS),
    queued: () => importWorker.wake(),
  };
  const simulator = createSimulatorDeps(deps.geoDatabasePath, deps.logger);
  await registerApi(http.app, { ctx, verifier: deps.verifier, imports, simulator });

  const grpc = createGrpcServer({ logger: deps.logger, authenticate: deps.authenticateCall });
  grpc.addService(linksV1.LinkService, createLinkService(ctx, imports, simulator), LINK_SERVICE_ACCESS);
  grpc.addService(campaignsV1.CampaignService, createCampaignService(ctx), CAMPAIGN_SERVICE_ACCESS);
  grpc.addService(domainsV1.DomainService, createDomainService(ctx), DOMAIN_SERVICE_ACCESS);
  grpc.addService(qrV1.QrService, createQrService(ctx), QR_SERVICE_ACCESS);
  grpc.addService(linksV1.OwnershipService, createOwnershipService(ctx), OWNERSHIP_SERVICE_ACCESS);
  grpc.addService(linksV1.ClickCountService, createClickCountService(ctx), CLICK_COUNT_SERVICE_ACCESS);
  return { http, grpc, ctx, relay, importWorker };
}
