import type { DescMethod } from "@bufbuild/protobuf";
import type { GenService, GenServiceMethods } from "@bufbuild/protobuf/codegenv2";
import {
  type ChannelOptions,
  Server,
  ServerCredentials,
  type UntypedServiceImplementation,
} from "@grpc/grpc-js";
import type { Logger } from "@kurz/logger";
import { healthV1 } from "@kurz/proto";
import type { CallAuthenticator, GrpcServiceAccess, MethodAccess } from "./call-principal";
import { defaultServerChannelOptions } from "./channel-options";
import { createHealthImplementation } from "./create-health-implementation";
import { createMethodHandler, type MethodGuard } from "./create-method-handler";
import type { GrpcServiceImplementation } from "./grpc-service-implementation";
import { HealthStatusRegistry, ServingStatus } from "./health-status-registry";
import { assertSupportedMethods, toGrpcServiceDefinition } from "./to-grpc-service-definition";

export interface GrpcServerOptions {
  logger?: Logger;
  /**
   * Verifies every call's token before its handler runs (grpc.health.v1 excepted: probes carry
   * none). `createCallAuthenticator` in @kurz/auth-verifier builds it.
   */
  authenticate?: CallAuthenticator;
  /**
   * Test doubles only: serve without verifying callers (handlers see no principal). A server
   * with neither this nor `authenticate` refuses to add a service, so no service is ever served
   * open by omission.
   */
  unauthenticated?: boolean;
  /** Overrides of the grpc-js server options (see channel-options.ts for the defaults). */
  channelOptions?: ChannelOptions;
}

export interface GrpcServer {
  /**
   * Serves a generated service. Its health status starts as SERVING; call setStatus to change it.
   * `access` says who may call each method (required with an authenticator). Throws for a
   * service with client-streaming or bidi methods, one added twice, or one nobody guards.
   */
  addService<S extends GenServiceMethods>(
    service: GenService<S>,
    implementation: GrpcServiceImplementation<S>,
    access?: GrpcServiceAccess<S>,
  ): void;
  /** Sets what grpc.health.v1 reports for a full service name; "" is the server as a whole. */
  setStatus(service: string, status: ServingStatus): void;
  /** Binds and starts serving; resolves to the bound port (useful with port 0). */
  listen(host: string, port: number): Promise<number>;
  /**
   * Reports NOT_SERVING everywhere and ends health watches, then lets in-flight calls finish;
   * calls still running after `timeoutMs` are cancelled.
   */
  shutdown(timeoutMs?: number): Promise<void>;
}

/**
 * A grpc-js server that speaks protobuf-es: services are added from their generated descriptors
 * with typed implementations, errors are mapped once, and grpc.health.v1 is always served.
 */
export function createGrpcServer(options: GrpcServerOptions = {}): GrpcServer {
  const { logger } = options;
  const server = new Server({ ...defaultServerChannelOptions, ...options.channelOptions });
  const health = new HealthStatusRegistry();
  const served = new Set<string>();

  const guardOf = (
    service: GenService<GenServiceMethods>,
    method: DescMethod,
    access: unknown,
  ): MethodGuard => {
    if (access === "public") return { kind: "public" };
    if (options.authenticate) {
      const rule = (access as Record<string, MethodAccess> | undefined)?.[method.localName];
      if (rule === undefined) {
        throw new Error(`${service.typeName}.${method.name}: declare who may call it (the access argument)`);
      }
      if (typeof rule === "object" && "open" in rule) return { kind: "public" };
      return { kind: "verified", authenticate: options.authenticate, access: rule };
    }
    if (options.unauthenticated) return { kind: "unchecked" };
    throw new Error(
      `${service.typeName}: this gRPC server has no authenticator; build it with \`authenticate\` (see @kurz/grpc README)`,
    );
  };

  const serveService = <S extends GenServiceMethods>(
    service: GenService<S>,
    implementation: GrpcServiceImplementation<S>,
    access: GrpcServiceAccess<S> | "public" | undefined,
  ): void => {
    assertSupportedMethods(service);
    if (served.has(service.typeName)) throw new Error(`${service.typeName} is already served`);
    const handlers: UntypedServiceImplementation = {};
    for (const method of service.methods as DescMethod[]) {
      const handler = (implementation as Record<string, unknown>)[method.localName];
      if (typeof handler !== "function") {
        throw new Error(`${service.typeName}.${method.name} has no handler (expected "${method.localName}")`);
      }
      const guard = guardOf(service as GenService<GenServiceMethods>, method, access);
      handlers[method.localName] = createMethodHandler(method, handler.bind(implementation), guard, logger);
    }
    server.addService(toGrpcServiceDefinition(service), handlers);
    served.add(service.typeName);
    health.setStatus(service.typeName, ServingStatus.SERVING);
  };

  health.setStatus("", ServingStatus.SERVING);
  // Kubelet's gRPC probes and the readiness checks of callers carry no token.
  serveService(healthV1.Health, createHealthImplementation(health), "public");

  return {
    addService: (service, implementation, access) => serveService(service, implementation, access),
    setStatus: (service, status) => health.setStatus(service, status),

    listen: (host, port) =>
      new Promise<number>((resolve, reject) => {
        const address = host.includes(":") && !host.startsWith("[") ? `[${host}]:${port}` : `${host}:${port}`;
        server.bindAsync(address, ServerCredentials.createInsecure(), (error, boundPort) => {
          if (error) return reject(error);
          logger?.info({ event: "grpc.server_listening", host, port: boundPort }, "gRPC server listening");
          resolve(boundPort);
        });
      }),

    shutdown: (timeoutMs = 10_000) =>
      new Promise<void>((resolve) => {
        for (const service of health.snapshot().keys()) health.setStatus(service, ServingStatus.NOT_SERVING);
        health.close();
        const timer = setTimeout(() => {
          logger?.warn(
            { event: "grpc.server_shutdown_forced", timeoutMs },
            "gRPC calls cancelled at shutdown",
          );
          server.forceShutdown();
          resolve();
        }, timeoutMs);
        server.tryShutdown(() => {
          clearTimeout(timer);
          resolve();
        });
      }),
  };
}
