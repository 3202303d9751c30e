import { type Clock, systemClock } from "@kurz/clock";
import type { GrpcServer } from "@kurz/grpc";
import { createLogger, type Logger } from "@kurz/logger";
import { runAsService } from "@kurz/telemetry/service-scope";
import {
  connectInfrastructure,
  type Infrastructure,
  type InfrastructureConfig,
  type InfrastructureNeeds,
  type SharedInfrastructure,
} from "./connect-infrastructure";
import type { HttpApp } from "./create-http-app";
import { downstreamReadiness } from "./downstream-readiness";
import { Lifecycle } from "./lifecycle";
import type { ReadinessCheck } from "./readiness";
import { type RunningService, serve } from "./serve";

/** The config fields every service has (commonConfigShape). */
export interface ServiceBaseConfig extends InfrastructureConfig {
  HOST: string;
  HTTP_PORT: number;
  GRPC_PORT: number;
  LOG_LEVEL: string;
  SHUTDOWN_TIMEOUT_MS: number;
  MIGRATE_ONLY: boolean;
}

export interface ServiceContext {
  logger: Logger;
  /** Time for everything this service expires, reloads or counts in windows (shared.clock or the system's). */
  clock: Clock;
  infra: Infrastructure;
  lifecycle: Lifecycle;
  /** The infrastructure checks plus one per downstream service: hand it to createHttpApp. */
  readiness: ReadinessCheck[];
}

export interface ServiceSpec<Extra extends object = object> {
  name: string;
  config: ServiceBaseConfig;
  needs: InfrastructureNeeds;
  /** Services this one calls over gRPC: [name, address], reported (non-critically) in /readyz. */
  downstream?: ReadonlyArray<readonly [service: string, address: string]>;
  shared?: SharedInfrastructure | undefined;
  /** Builds the HTTP and gRPC apps from the connected infrastructure; registers its own stops. */
  build(context: ServiceContext): Promise<BuiltService<NoInfer<Extra>>> | BuiltService<NoInfer<Extra>>;
}

/** The apps to serve, plus anything a service wants to hand back to its caller (tests, tools). */
export type BuiltService<Extra extends object = object> = { http: HttpApp; grpc: GrpcServer } & Extra;

/**
 * MIGRATE_ONLY: open the database and click store (which applies their migrations), close them,
 * and return without listening; the process then exits 0. Used by the Helm hook Job, so a
 * rollout never races migrations between replicas.
 */
async function migrateOnly(
  name: string,
  config: ServiceBaseConfig,
  needs: InfrastructureNeeds,
): Promise<RunningService> {
  const logger = createLogger({ service: name, level: config.LOG_LEVEL });
  const lifecycle = new Lifecycle(logger, config.SHUTDOWN_TIMEOUT_MS, name);
  const { database, clickstore } = needs;
  try {
    await connectInfrastructure({
      service: name,
      config,
      needs: { ...(database ? { database } : {}), ...(clickstore ? { clickstore } : {}) },
      logger,
      lifecycle,
    });
    logger.info({ event: "service.migrated" }, `${name}: migrations applied`);
  } finally {
    await lifecycle.stop();
  }
  return { name, httpUrl: "", grpcAddress: "", stop: async () => {} };
}

/**
 * The one start sequence of every service: logger → infrastructure (migrations applied) → app →
 * listen, with the shutdown order arranged by Lifecycle. A failed start closes whatever it had
 * opened, so nothing is left running. It runs as the service (runAsService): the spans of
 * everything it starts carry `kurz.service`, which tells services apart in one process.
 */
export function startService<Extra extends object = object>(
  spec: ServiceSpec<Extra>,
): Promise<RunningService & Partial<Extra>> {
  return runAsService(spec.name, () => startServiceAs(spec));
}

async function startServiceAs<Extra extends object>(
  spec: ServiceSpec<Extra>,
): Promise<RunningService & Partial<Extra>> {
  const { name, config } = spec;
  // No app is built in migrate-only mode, so nothing of Extra exists (hence Partial).
  if (config.MIGRATE_ONLY)
    return (await migrateOnly(name, config, spec.needs)) as RunningService & Partial<Extra>;
  const logger = createLogger({ service: name, level: config.LOG_LEVEL });
  const lifecycle = new Lifecycle(logger, config.SHUTDOWN_TIMEOUT_MS, name);
  try {
    const infra = await connectInfrastructure({
      service: name,
      config,
      needs: spec.needs,
      logger,
      lifecycle,
      ...(spec.shared ? { shared: spec.shared } : {}),
    });
    const readiness = [
      ...infra.readiness,
      ...(spec.downstream ?? []).map(([service, address]) =>
        downstreamReadiness(service, address, lifecycle),
      ),
    ];
    const { http, grpc, ...extra } = await spec.build({
      logger,
      clock: spec.shared?.clock ?? systemClock,
      infra,
      lifecycle,
      readiness,
    });
    const running = await serve({
      name,
      host: config.HOST,
      httpPort: config.HTTP_PORT,
      grpcPort: config.GRPC_PORT,
      logger,
      http,
      grpc,
      lifecycle,
      shutdownTimeoutMs: config.SHUTDOWN_TIMEOUT_MS,
    });
    return { ...(extra as Partial<Extra>), ...running };
  } catch (error) {
    await lifecycle.stop();
    throw error;
  }
}
