import http, { type IncomingMessage, type ServerResponse } from "node:http";
import { AppError, toRestErrorBody } from "@kurz/errors";
import type { Logger } from "@kurz/logger";
import {
  HEALTH_PREFIX,
  isServiceName,
  matchRoute,
  requestBodyLimit,
  SERVICE_NAMES,
  SERVICES,
  type ServiceName,
} from "@kurz/routes";
import { answerClientError, hasBody } from "@kurz/service-runtime";
import Fastify, {
  type FastifyBaseLogger,
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerFactory,
  LogController,
} from "fastify";
import { Pool } from "undici";
import { createClientAddress } from "./client-address";
import { sendEdgeError } from "./edge-error";
import { forwardRequest, type Upstream } from "./forward-request";
import { handOverRequest, type InProcessService } from "./hand-over-request";
import { readRequestTarget, rememberTarget, targetOf } from "./request-target";

export interface EdgeOptions {
  logger: Logger;
  upstreams: Record<ServiceName, string>;
  /** Proxies in front of the edge whose X-Forwarded-For it believes; none by default. */
  trustedProxies?: readonly string[];
  /**
   * Services running in the edge's own process (the embedded run). A request without a body for
   * one of them is handed to it in process (handOverRequest) rather than relayed over loopback
   * HTTP; requests with a body, health documents and the edge's own answers take the usual path.
   */
  inProcess?: Partial<Record<ServiceName, InProcessService>>;
}

const ALL_METHODS = ["DELETE", "GET", "HEAD", "PATCH", "POST", "PUT", "OPTIONS"];
/** Response headers a service may send, bigger than Node's 16 KiB default (long redirects). */
const UPSTREAM_MAX_HEADER_BYTES = 64 * 1024;
/** A service that has not started answering by then gets 504. */
const UPSTREAM_HEADERS_TIMEOUT_MS = 60_000;

const isLoopback = (address: string | undefined) =>
  address !== undefined &&
  (address.startsWith("127.") || address === "::1" || address.startsWith("::ffff:127."));

/**
 * Whether a request goes to a service in this process, handing it over when it does: origin-form
 * targets outside the health documents, without a body (no Content-Length above 0, no
 * Transfer-Encoding, no Expect). When the edge believes proxies in front of it, only requests
 * that came over loopback qualify: the services believe the edge's X-Forwarded-For from loopback
 * only, and would otherwise take the proxy's address for the client's.
 */
function inProcessHandOver(
  options: EdgeOptions,
  clientAddress: (request: IncomingMessage) => string,
): ((request: IncomingMessage, response: ServerResponse) => boolean) | undefined {
  const services = options.inProcess ?? {};
  if (Object.keys(services).length === 0) return undefined;
  const believesProxies = (options.trustedProxies ?? []).length > 0;
  return (request, response) => {
    const url = request.url ?? "";
    if (!url.startsWith("/") || url.startsWith(HEALTH_PREFIX)) return false;
    const headers = request.headers;
    const length = headers["content-length"];
    if ((length !== undefined && length !== "0") || headers["transfer-encoding"] !== undefined) return false;
    if (headers.expect !== undefined) return false;
    const service = services[matchRoute(url)];
    if (service === undefined) return false;
    if (believesProxies && !isLoopback(request.socket.remoteAddress)) return false;
    handOverRequest(request, response, service, {
      path: url,
      host: headers.host ?? "",
      clientAddress: clientAddress(request),
    });
    return true;
  };
}

/** An HTTP server as fastify makes one, that hands requests over first when `handOver` takes them. */
function serverHandingOver(
  handOver: (request: IncomingMessage, response: ServerResponse) => boolean,
): FastifyServerFactory<http.Server> {
  return (handler, fastifyOptions) => {
    // fastify's own options, defaults filled in (fastify/lib/server.js makes its server so).
    const serverOptions = fastifyOptions as {
      http?: http.ServerOptions;
      keepAliveTimeout: number;
      requestTimeout: number;
      connectionTimeout: number;
    };
    const server = http.createServer(serverOptions.http ?? {}, (request, response) => {
      if (!handOver(request, response)) handler(request, response);
    });
    server.keepAliveTimeout = serverOptions.keepAliveTimeout;
    server.requestTimeout = serverOptions.requestTimeout;
    server.setTimeout(serverOptions.connectionTimeout);
    return server;
  };
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

function sendError(reply: FastifyReply, error: AppError): FastifyReply {
  const { status, body, headers } = toRestErrorBody(error);
  return reply.code(status).headers(headers).header("cache-control", "no-store").send(body);
}

/**
 * The local edge: one public port in front of the eight services, routing by the one route table
 * in @kurz/routes (the Helm chart renders the same table for Kubernetes). It never answers 5xx
 * for a client's mistake: absolute-form targets are accepted, `OPTIONS *` is answered here,
 * `Expect: 100-continue` is answered here, bodies over the route's limit get 413 (large uploads
 * are streamed to the service, not held),
 * unreadable requests 400/431 — every answer of its own in the Kurz error body. It states the
 * client's address and host to the services (X-Forwarded-*), replacing whatever the client sent.
 */
export async function createEdge(options: EdgeOptions): Promise<FastifyInstance> {
  const clientAddress = createClientAddress(options.trustedProxies ?? []);
  const handOver = inProcessHandOver(options, clientAddress);
  const app: FastifyInstance = Fastify({
    // In the embedded run, requests for a service in this process skip the framework and the
    // relay (handOver); the server is otherwise made as fastify makes it.
    ...(handOver ? { serverFactory: serverHandingOver(handOver) } : {}),
    // pino's Logger is a FastifyBaseLogger at runtime; the generic only narrows the type.
    loggerInstance: options.logger as FastifyBaseLogger,
    // Per-request lines would dominate the redirect edge's logs; errors are logged on their own.
    logController: new LogController({ disableRequestLogging: true }),
    forceCloseConnections: "idle",
    return503OnClosing: true,
    // `:service` of the health routes; forwarded paths are never split into parameters.
    routerOptions: { maxParamLength: 1024 },
    // Before routing: absolute form becomes origin form; a target of no form routes to `/`,
    // where the forward handler answers it.
    rewriteUrl(request) {
      const target = readRequestTarget(request.url ?? "");
      if (!target) return "/";
      rememberTarget(request, target);
      return target.path;
    },
    clientErrorHandler: answerClientError,
    // A path whose %-escapes do not decode (fastify's router decodes paths).
    frameworkErrors: (_error, _request, reply) =>
      sendError(reply, new AppError("VALIDATION_ERROR", { message: "Malformed request target" })),
  });

  // One connection pool per service origin, made on first use: an embedding test may point a
  // service at its address only once that service has started.
  const pools = new Map<string, Pool>();
  const upstreamOf = (service: ServiceName, path?: string): Upstream => {
    const origin = options.upstreams[service];
    let pool = pools.get(origin);
    if (!pool) {
      pool = new Pool(origin, {
        connections: 128,
        pipelining: 1,
        keepAliveTimeout: 30_000,
        maxHeaderSize: UPSTREAM_MAX_HEADER_BYTES,
        headersTimeout: UPSTREAM_HEADERS_TIMEOUT_MS,
        // Answers may stream for long (server-sent events): a client that leaves ends them.
        bodyTimeout: 0,
      });
      pools.set(origin, pool);
    }
    // A forwarded body has its route's limit (a second look at the table, so only when there is
    // a body: not on the redirect path); a health probe (no path) or a bodiless request, the service's.
    const limit =
      path === undefined
        ? { maxBodyBytes: SERVICES[service].maxBodyBytes, streamed: false }
        : requestBodyLimit(path);
    return { service, pool, ...limit };
  };
  app.addHook("onClose", async () => {
    await Promise.all([...pools.values()].map((pool) => pool.close()));
  });

  // `Expect: 100-continue`: the edge decides, before the body is sent, whether it will take it.
  app.server.on("checkContinue", (request: IncomingMessage, response: ServerResponse) => {
    const target = readRequestTarget(request.url ?? "");
    const limit = target ? requestBodyLimit(target.path).maxBodyBytes : 0;
    if (Number(request.headers["content-length"] ?? 0) > limit) {
      sendEdgeError(response, "PAYLOAD_TOO_LARGE", undefined, { connection: "close" });
      return;
    }
    response.writeContinue();
    app.server.emit("request", request, response);
  });
  app.server.on("checkExpectation", (_request: IncomingMessage, response: ServerResponse) => {
    sendEdgeError(response, "VALIDATION_ERROR", "Only Expect: 100-continue is supported");
  });

  // Pass bodies through untouched: the forward handler reads them itself.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", (_request, payload, done) => done(null, payload));

  app.setErrorHandler((error: FastifyError, request, reply) => {
    request.log.error({ event: "edge.request_failed", err: error });
    return sendError(reply, new AppError("INTERNAL"));
  });
  app.setNotFoundHandler((_request, reply) => sendError(reply, new AppError("METHOD_NOT_ALLOWED")));

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

  const forward =
    (fixedPath?: (service: ServiceName) => string) => (request: FastifyRequest, reply: FastifyReply) => {
      const raw = request.raw;
      const target = targetOf(raw);
      if (!target) {
        if (request.method === "OPTIONS" && request.originalUrl === "*") {
          return reply.code(204).header("allow", ALL_METHODS.join(", ")).send();
        }
        return sendError(reply, new AppError("VALIDATION_ERROR", { message: "Malformed request target" }));
      }
      let service: ServiceName;
      let path = target.path;
      if (fixedPath) {
        const { service: name } = request.params as { service: string };
        if (!isServiceName(name))
          return sendError(reply, new AppError("NOT_FOUND", { message: "Unknown service" }));
        service = name;
        path = fixedPath(service);
      } else {
        service = matchRoute(target.path);
      }
      const upstream = upstreamOf(service, fixedPath || !hasBody(raw) ? undefined : target.path);
      reply.hijack();
      return forwardRequest(
        raw,
        reply.raw,
        upstream,
        {
          path,
          host: target.authority ?? raw.headers.host ?? "",
          clientAddress: clientAddress(raw),
          probe: fixedPath !== undefined,
        },
        options.logger,
      );
    };

  // One service's health: /.kurz/health/<service> → its /readyz; .../live → its /healthz.
  app.get(
    `${HEALTH_PREFIX}/:service`,
    forward(() => "/readyz"),
  );
  app.get(
    `${HEALTH_PREFIX}/:service/live`,
    forward(() => "/healthz"),
  );
  app.route({ method: ALL_METHODS, url: "/", handler: forward() });
  app.route({ method: ALL_METHODS, url: "/*", handler: forward() });
  return app;
}
