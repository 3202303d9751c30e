import { createGrpcServer, type GrpcServer } from "@kurz/grpc";
import type { Logger } from "@kurz/logger";
import { createHttpApp, type HttpApp, type ReadinessCheck } from "@kurz/service-runtime";
import { SERVICE_NAME } from "./config";

export interface AppDependencies {
  logger: Logger;
  readiness: ReadinessCheck[];
}

export interface App {
  http: HttpApp;
  grpc: GrpcServer;
}

/** Builds the HTTP and gRPC apps of abtest-engine; never listens (tests drive it directly). */
export function buildApp(deps: AppDependencies): App {
  const http = createHttpApp({ service: SERVICE_NAME, logger: deps.logger, readiness: deps.readiness });
  const grpc = createGrpcServer({ logger: deps.logger });
  return { http, grpc };
}
