import { AppError, toRestErrorBody } from "@kurz/errors";
import type { Logger } from "@kurz/logger";
import Fastify, {
  type FastifyBaseLogger,
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  LogController,
} from "fastify";
import { answerClientError } from "./input/answer-client-error";
import { parseJsonBodies } from "./input/parse-json-body";
import { refuseFaultyInput } from "./input/refuse-faulty-input";
import { type ReadinessCheck, runReadinessChecks } from "./readiness";

export interface HttpAppOptions {
  service: string;
  logger: Logger;
  readiness?: readonly ReadinessCheck[];
  /** Largest accepted request body; bigger ones get 413 PAYLOAD_TOO_LARGE. */
  bodyLimitBytes?: number;
  readinessTimeoutMs?: number;
  /** Proxies (addresses / CIDRs) whose X-Forwarded-For entries are trusted; none by default. */
  trustProxy?: boolean | string | string[];
}

/** A route as registered: what the OpenAPI document is generated from and checked against. */
export interface RegisteredRoute {
  /** Upper case; the HEAD routes fastify adds beside GET routes are listed too. */
  method: string;
  /** The full path, plugin prefixes included, in fastify's syntax (`/api/v1/urls/:id`). */
  url: string;
  /** The route's schema as given (zod or JSON Schema), absent when it has none. */
  schema: Record<string, unknown> | undefined;
}

export interface HttpApp {
  app: FastifyInstance;
  /** Every route registered on the app so far, in registration order. */
  routes(): readonly RegisteredRoute[];
  /** Flips /readyz to 503 first thing on shutdown, so load balancers stop sending traffic. */
  markShuttingDown(): void;
}

function clientErrorFor(status: number): AppError {
  switch (status) {
    case 404:
      return new AppError("NOT_FOUND");
    case 405:
      return new AppError("METHOD_NOT_ALLOWED");
    case 413:
      return new AppError("PAYLOAD_TOO_LARGE");
    case 415:
      return new AppError("UNSUPPORTED_MEDIA_TYPE");
    case 431:
      return new AppError("HEADERS_TOO_LARGE");
    default:
      return new AppError("VALIDATION_ERROR", { message: "The request cannot be read" });
  }
}

/** Fastify's own error codes that are caller mistakes, mapped onto our stable codes. */
function mapFastifyError(error: FastifyError): AppError | undefined {
  switch (error.code) {
    case "FST_ERR_CTP_BODY_TOO_LARGE":
      return new AppError("PAYLOAD_TOO_LARGE");
    case "FST_ERR_CTP_INVALID_MEDIA_TYPE":
    case "FST_ERR_CTP_INVALID_CONTENT_LENGTH":
      return new AppError("UNSUPPORTED_MEDIA_TYPE", { message: error.message });
    case "FST_ERR_CTP_EMPTY_JSON_BODY":
    case "FST_ERR_CTP_INVALID_JSON_BODY":
      return new AppError("INVALID_JSON");
    default:
      break;
  }
  if (error.validation) {
    return new AppError("VALIDATION_ERROR", {
      message: error.message,
      details: { issues: error.validation.map((v) => ({ path: v.instancePath, message: v.message })) },
    });
  }
  if (error instanceof SyntaxError || (error.statusCode === 400 && /JSON/i.test(error.message))) {
    return new AppError("INVALID_JSON");
  }
  // Any other error fastify raises for a request it cannot take is the caller's: a 4xx in our
  // body with a stable code, never fastify's own body with Node's message.
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) return clientErrorFor(status);
  return undefined;
}

/**
 * The HTTP app every service starts from: JSON errors in the one REST body shape, bounded
 * bodies, /healthz (the process is alive) and /readyz (every dependency answers).
 */
export function createHttpApp(options: HttpAppOptions): HttpApp {
  let shuttingDown = false;
  const app: FastifyInstance = Fastify({
    // pino's Logger is a FastifyBaseLogger at runtime; the generic only narrows the type.
    loggerInstance: options.logger as FastifyBaseLogger,
    // Per-request lines would dominate the redirect edge's logs; errors are logged on their own.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: options.bodyLimitBytes ?? 1024 * 1024,
    trustProxy: options.trustProxy ?? false,
    // Shutdown must not wait on idle keep-alive sockets.
    forceCloseConnections: "idle",
    return503OnClosing: true,
    requestIdHeader: "x-request-id",
    // Requests Node's parser cannot read (oversize headers, bad framing): our body, not Node's.
    clientErrorHandler: answerClientError,
    // A path whose %-escapes do not decode.
    frameworkErrors: (_error, _request, reply) => {
      const { status, body } = toRestErrorBody(
        new AppError("VALIDATION_ERROR", { message: "Malformed request target" }),
      );
      void (reply as FastifyReply).code(status).header("cache-control", "no-store").send(body);
    },
  });
  parseJsonBodies(app);
  refuseFaultyInput(app);

  // First thing, so that routes of every plugin registered later are seen too.
  const routes: RegisteredRoute[] = [];
  app.addHook("onRoute", (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      routes.push({
        method: method.toUpperCase(),
        url: route.url,
        schema: route.schema as RegisteredRoute["schema"],
      });
    }
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const appError = error instanceof AppError ? error : (mapFastifyError(error) ?? error);
    const { status, body, headers } = toRestErrorBody(appError);
    if (status >= 500) {
      request.log.error({ event: "http.request_failed", err: error, url: request.url }, "request failed");
    }
    void reply.code(status).headers(headers).header("cache-control", "no-store").send(body);
  });

  app.setNotFoundHandler((_request, reply) => {
    const { status, body } = toRestErrorBody(new AppError("NOT_FOUND", { message: "Route not found" }));
    void reply.code(status).send(body);
  });

  app.get("/healthz", async () => ({ status: "ok", service: options.service }));

  app.get("/readyz", async (_request, reply) => {
    if (shuttingDown) {
      return reply.code(503).send({ status: "shutting_down", service: options.service, checks: {} });
    }
    const result = await runReadinessChecks(options.readiness ?? [], options.readinessTimeoutMs ?? 2000);
    return reply.code(result.ready ? 200 : 503).send({
      status: result.ready ? "ready" : "not_ready",
      service: options.service,
      checks: result.checks,
    });
  });

  return {
    app,
    routes: () => routes,
    markShuttingDown: () => {
      shuttingDown = true;
    },
  };
}
