import replyFrom from "@fastify/reply-from";
import { AppError, toRestErrorBody } from "@kurz/errors";
import type { Logger } from "@kurz/logger";
import { HEALTH_PREFIX, isServiceName, matchRoute, SERVICE_NAMES, type ServiceName } from "@kurz/routes";
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  LogController,
} from "fastify";

export interface EdgeOptions {
  logger: Logger;
  upstreams: Record<ServiceName, string>;
}

const ALL_METHODS = ["DELETE", "GET", "HEAD", "PATCH", "POST", "PUT", "OPTIONS"];

/** Structural: reply-from hands its onError a reply typed for any raw server. */
interface ErrorReply {
  log: FastifyBaseLogger;
  code(status: number): { send(body: unknown): unknown };
}

function sendUnavailable(reply: ErrorReply, service: ServiceName, error: unknown): void {
  reply.log.warn({ event: "edge.upstream_failed", service, err: error });
  const { status, body } = toRestErrorBody(
    new AppError("DEPENDENCY_UNAVAILABLE", { message: `${service} is unavailable` }),
  );
  reply.code(status).send(body);
}

async function readiness(upstream: string): Promise<{ status: string; http: number }> {
  try {
    const response = await fetch(`${upstream}/readyz`, { signal: AbortSignal.timeout(3000) });
    await response.body?.cancel();
    return { status: response.status === 200 ? "ready" : "not_ready", http: response.status };
  } catch {
    return { status: "unreachable", http: 0 };
  }
}

/**
 * The local edge: one public port in front of the seven services, routing by the one route table
 * in @kurz/routes (the Helm chart renders the same table for Kubernetes). Bodies are streamed,
 * not parsed. It appends X-Forwarded-For and sets X-Forwarded-Host / -Proto so services see the
 * original client and host (the redirector resolves branded domains by host).
 */
export async function createEdge(options: EdgeOptions): Promise<FastifyInstance> {
  const app: FastifyInstance = Fastify({
    // pino's Logger is a FastifyBaseLogger at runtime; the generic only narrows the type.
    loggerInstance: options.logger as FastifyBaseLogger,
    // Per-request lines would dominate the redirect edge's logs; errors are logged on their own.
    logController: new LogController({ disableRequestLogging: true }),
    forceCloseConnections: "idle",
    return503OnClosing: true,
  });

  // Pass bodies through untouched: the owning service parses and limits them.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", (_request, payload, done) => done(null, payload));

  await app.register(replyFrom, {
    undici: { connections: 128, pipelining: 1, keepAliveTimeout: 30_000 },
  });

  // Aggregated health: every service's readiness in one document.
  app.get(HEALTH_PREFIX, async (_request, reply) => {
    const results = await Promise.all(
      SERVICE_NAMES.map(async (service) => [service, await readiness(options.upstreams[service])] as const),
    );
    const allReady = results.every(([, r]) => r.status === "ready");
    return reply
      .code(allReady ? 200 : 503)
      .send({ status: allReady ? "ready" : "degraded", services: Object.fromEntries(results) });
  });

  // One service's health: /.kurz/health/<service> → its /readyz; .../live → its /healthz.
  const proxyHealth = (path: string) => (request: FastifyRequest, reply: FastifyReply) => {
    const { service } = request.params as { service: string };
    if (!isServiceName(service)) {
      const { status, body } = toRestErrorBody(new AppError("NOT_FOUND", { message: "Unknown service" }));
      return reply.code(status).send(body);
    }
    return reply.from(`${options.upstreams[service]}${path}`, {
      onError: (r, { error }) => sendUnavailable(r, service, error),
    });
  };
  app.get(`${HEALTH_PREFIX}/:service`, proxyHealth("/readyz"));
  app.get(`${HEALTH_PREFIX}/:service/live`, proxyHealth("/healthz"));

  const forward = (request: FastifyRequest, reply: FastifyReply) => {
    const source = request.raw.url ?? request.url;
    const service = matchRoute(source);
    return reply.from(`${options.upstreams[service]}${source}`, {
      onError: (r, { error }) => sendUnavailable(r, service, error),
      rewriteRequestHeaders: (original, headers) => {
        const remote = original.socket.remoteAddress ?? "";
        const prior = headers["x-forwarded-for"];
        return {
          ...headers,
          "x-forwarded-for": prior ? `${prior}, ${remote}` : remote,
          // The edge faces the client: it states the host and scheme it received and never relays
          // a client's own claim. (reply-from has already pointed `host` at the upstream.)
          "x-forwarded-host": original.headers.host ?? "",
          "x-forwarded-proto": "http",
        };
      },
    });
  };
  app.route({ method: ALL_METHODS, url: "/", handler: forward });
  app.route({ method: ALL_METHODS, url: "/*", handler: forward });
  return app;
}
