import type { IncomingMessage, ServerResponse } from "node:http";
import { type GrpcServer, ServingStatus } from "@kurz/grpc";
import type { Logger } from "@kurz/logger";
import type { HttpApp } from "./create-http-app";
import type { Lifecycle } from "./lifecycle";
import type { Stoppable } from "./run-main";

export interface RunningService extends Stoppable {
  name: string;
  /** e.g. http://127.0.0.1:3002 — the bound port, also when 0 was asked for. */
  httpUrl: string;
  /** e.g. 127.0.0.1:50052 */
  grpcAddress: string;
  /**
   * Serves one HTTP request in this process as if it had arrived on `httpUrl`, answering on the
   * request's own connection: the embedded edge hands requests over this way instead of relaying
   * them over loopback. Absent when nothing serves (a migrate-only run).
   */
  serveHttp?(request: IncomingMessage, response: ServerResponse): void;
}

export interface ServeOptions {
  name: string;
  host: string;
  httpPort: number;
  grpcPort: number;
  logger: Logger;
  http: HttpApp;
  grpc: GrpcServer;
  lifecycle: Lifecycle;
  shutdownTimeoutMs: number;
}

/**
 * Binds HTTP and gRPC and arranges the graceful stop: readiness fails first, then both servers
 * stop accepting and drain in-flight work, then consumers, producers and clients close in that
 * order (see Lifecycle).
 */
export async function serve(options: ServeOptions): Promise<RunningService> {
  const { name, host, logger, http, grpc, lifecycle } = options;
  const grpcPort = await grpc.listen(host, options.grpcPort);
  const httpUrl = await http.app.listen({ host, port: options.httpPort });

  lifecycle.onStopRequested(() => {
    http.markShuttingDown();
    grpc.setStatus("", ServingStatus.NOT_SERVING);
  });
  lifecycle.add("servers", "http", () => http.app.close());
  lifecycle.add("servers", "grpc", () => grpc.shutdown(options.shutdownTimeoutMs));

  const grpcAddress = `${host}:${grpcPort}`;
  logger.info({ event: "service.started", http: httpUrl, grpc: grpcAddress }, `${name} started`);
  return {
    name,
    httpUrl,
    grpcAddress,
    serveHttp: (request, response) => {
      http.app.server.emit("request", request, response);
    },
    stop: async () => {
      logger.info({ event: "service.stopping" }, `${name} stopping`);
      await lifecycle.stop();
      logger.info({ event: "service.stopped" }, `${name} stopped`);
    },
  };
}
