import type { GrpcServer } from "@kurz/grpc";
import { createLogger, type Logger } from "@kurz/logger";
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
}

export interface ServiceContext {
  logger: Logger;
  infra: Infrastructure;
  lifecycle: Lifecycle;
  /** The infrastructure checks plus one per downstream service: hand it to createHttpApp. */
  readiness: ReadinessCheck[];
}

export interface ServiceSpec {
  name: string;
  config: ServiceBaseConfig;
  needs: InfrastructureNeeds;
  /** Services this one calls over gRPC: [name, address], reported (non-critically) in /readyz. */
  downstream?: ReadonlyArray<readonly [service: string, address: string]>;
  shared?: SharedInfrastructure | undefined;
  /** Builds the HTTP and gRPC apps from the connected infrastructure; registers its own stops. */
  build(
    context: ServiceContext,
  ): Promise<{ http: HttpApp; grpc: GrpcServer }> | { http: HttpApp; grpc: GrpcServer };
}

/**
 * The one start sequence of every service: logger → infrastructure (migrations applied) → app →
 * listen, with the shutdown order arranged by Lifecycle. A failed start closes whatever it had
 * opened, so nothing is left running.
 */
export async function startService(spec: ServiceSpec): Promise<RunningService> {
  const { name, config } = spec;
  const logger = createLogger({ service: name, level: config.LOG_LEVEL });
  const lifecycle = new Lifecycle(logger, config.SHUTDOWN_TIMEOUT_MS);
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
    const app = await spec.build({ logger, infra, lifecycle, readiness });
    return await serve({
      name,
      host: config.HOST,
      httpPort: config.HTTP_PORT,
      grpcPort: config.GRPC_PORT,
      logger,
      ...app,
      lifecycle,
      shutdownTimeoutMs: config.SHUTDOWN_TIMEOUT_MS,
    });
  } catch (error) {
    await lifecycle.stop();
    throw error;
  }
}
