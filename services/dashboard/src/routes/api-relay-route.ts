import type { Readable } from "node:stream";
import { isWorkspaceId } from "@kurz/auth-verifier";
import { AppError } from "@kurz/errors";
import { findRoute, ROUTE_TABLE, requestBodyLimit, SERVICES } from "@kurz/routes";
import {
  BodyTooLargeError,
  discardUpload,
  hasBody,
  streamRequestBody,
  UploadAbortedError,
} from "@kurz/service-runtime";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { request as send } from "undici";
import { upstreamUrl } from "../config";
import type { DashboardContext } from "../dashboard-context";
import {
  type CurrentSession,
  currentSession,
  freshAccessToken,
  SessionEndedError,
} from "../session/current-session";
import { requireCsrf } from "./require-csrf";

const RELAY_PREFIX = "/app/api";
/** Request headers the public API may use; nothing else of the browser's (cookies!) goes on. */
const FORWARDED_REQUEST_HEADERS = [
  "content-type",
  "accept",
  "accept-language",
  "if-none-match",
  "x-request-id",
  // A retried write of the page names itself; the API replays its first answer
  // (docs/api/rest.md#idempotent-requests).
  "idempotency-key",
  // The workspace the page acts in (docs/api/workspaces.md#acting-in-a-workspace).
  "kurz-workspace",
];
/** The cookie the web app keeps its chosen workspace in, for requests that cannot carry a header. */
const WORKSPACE_COOKIE = "kurz_workspace";
/** Answer headers the web app may see. */
const RETURNED_HEADERS = [
  "content-type",
  "cache-control",
  "etag",
  "retry-after",
  "content-disposition",
  "x-request-id",
  // The IETF RateLimit fields every service sends (packages/service-runtime).
  "ratelimit",
  "ratelimit-policy",
  // An answer the API replays for a repeated Idempotency-Key says so.
  "idempotent-replayed",
  // The API's own protections of what it answers (Swagger UI's CSP, framing rules): the relayed
  // answer is served from the dashboard's origin, so they must hold there too.
  "content-security-policy",
  "x-frame-options",
  "x-content-type-options",
  "referrer-policy",
  "cross-origin-opener-policy",
  "cross-origin-resource-policy",
];
/**
 * Where the API sets none: a relayed answer is data (JSON, CSV, images) and runs nothing, and
 * no page of another origin may frame it.
 */
const DEFAULT_SECURITY_HEADERS: Record<string, string> = {
  "content-security-policy":
    "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
  "x-frame-options": "DENY",
  "x-content-type-options": "nosniff",
};
const SAFE_METHODS = new Set(["GET", "HEAD"]);

const signInAgain = (cause?: unknown) =>
  new AppError("AUTHENTICATION_REQUIRED", {
    message: "Your dashboard session ended",
    hint: "Sign in again at /app/auth/login",
    cause,
  });

/**
 * /app/api/v1/* → the public REST API (/api/v1/*), straight to the service the route table names,
 * with the session's access token: the backend-for-frontend. Tokens never reach the page. A
 * token the API refuses as expired is refreshed once and the call made again.
 *
 * Bodies are held whole (at most SERVICES.dashboard.maxBodyBytes, 1 MiB), except on routes the
 * route table gives a large limit (link imports, 51 MiB): those are streamed to the API as they
 * arrive, counted and cut off with 413 past the limit. The session and CSRF checks come before
 * any byte is passed on. A streamed body cannot be sent twice, so there is no refresh-and-retry
 * for it: the token is refreshed BEFORE the upload when it has less than a minute left
 * (freshAccessToken; the API checks it when the request's headers arrive, before the body), and
 * a token the API still refuses (revoked) is refreshed for the next call while the API's 401
 * INVALID_TOKEN is passed to the page, whose person uploads again.
 */
export function registerApiRelayRoute(app: FastifyInstance, ctx: DashboardContext): void {
  app.register(async (scope) => {
    // The body goes on as the bytes the page sent (the API parses and validates it).
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      "*",
      { parseAs: "buffer", bodyLimit: SERVICES.dashboard.maxBodyBytes },
      (_request, body, done) => done(null, body),
    );
    scope.all(`${RELAY_PREFIX}/*`, async (request, reply) => relay(ctx, request, reply));
  });
  app.register(async (scope) => {
    // The body stays unread here (no parsed body: the hooks that check one see none) and is
    // streamed on from the raw request.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser("*", (_request, _payload, done) => done(null, undefined));
    for (const route of ROUTE_TABLE) {
      if (!route.prefix.startsWith("/api/v1/") || !requestBodyLimit(route.prefix).streamed) continue;
      const prefix = `/app${route.prefix}`;
      scope.all(prefix, async (request, reply) => relay(ctx, request, reply));
      scope.all(`${prefix}/*`, async (request, reply) => relay(ctx, request, reply));
    }
  });
}

async function relay(ctx: DashboardContext, request: FastifyRequest, reply: FastifyReply) {
  const path = `/api${request.url.slice(RELAY_PREFIX.length)}`;
  const route = path.startsWith("/api/v1/") ? findRoute(path) : undefined;
  if (!route?.prefix.startsWith("/api/v1/")) throw new AppError("NOT_FOUND");
  const current = await currentSession(ctx, request);
  if (!current) throw signInAgain();
  if (!SAFE_METHODS.has(request.method)) requireCsrf(request, current.session);

  const target = `${upstreamUrl(ctx.config, route.service)}${path}`;
  let token = await accessToken(ctx, current, request.ip);
  let answer: Awaited<ReturnType<typeof forward>>;
  const limit = requestBodyLimit(path);
  if (limit.streamed && !SAFE_METHODS.has(request.method) && hasBody(request.raw)) {
    if (Number(request.headers["content-length"] ?? 0) > limit.maxBodyBytes)
      return refuseTooLarge(request, reply);
    const upload = streamRequestBody(request.raw, limit.maxBodyBytes);
    try {
      answer = await forward(request, target, token, upload.stream);
    } catch (error) {
      const failure = upload.failure();
      if (failure instanceof UploadAbortedError) {
        // The page left mid-upload: the API's request was aborted and there is no one to answer.
        reply.hijack();
        reply.raw.destroy();
        return reply;
      }
      if (!(failure instanceof BodyTooLargeError)) throw error;
      upload.detach();
      return refuseTooLarge(request, reply);
    }
    if (answer.statusCode === 401 && /invalid_token/.test(String(answer.headers["www-authenticate"] ?? ""))) {
      await accessToken(ctx, current, request.ip, token);
    }
    if (!request.raw.complete) {
      // The API answered before it had read the whole upload (its own 413, a 401): the rest is
      // read (bounded) and dropped, so that the page gets the answer rather than a reset.
      upload.detach();
      await discardUpload(request.raw);
      reply.header("connection", "close");
    }
  } else {
    answer = await forward(request, target, token);
    if (answer.statusCode === 401 && /invalid_token/.test(String(answer.headers["www-authenticate"] ?? ""))) {
      await answer.body.dump();
      token = await accessToken(ctx, current, request.ip, token);
      answer = await forward(request, target, token);
    }
  }
  reply.code(answer.statusCode);
  for (const name of RETURNED_HEADERS) {
    const value = answer.headers[name] ?? DEFAULT_SECURITY_HEADERS[name];
    if (value !== undefined) reply.header(name, value);
  }
  return reply.send(answer.body);
}

async function accessToken(
  ctx: DashboardContext,
  current: CurrentSession,
  clientAddress: string,
  stale?: string,
) {
  try {
    return await freshAccessToken(ctx, current, clientAddress, stale);
  } catch (error) {
    if (error instanceof SessionEndedError) throw signInAgain(error);
    throw error;
  }
}

/**
 * 413 for an upload over its route's limit. What is left of it is read (bounded) and dropped
 * first, so that the page gets the answer rather than a reset; the connection is not reused.
 */
async function refuseTooLarge(request: FastifyRequest, reply: FastifyReply): Promise<never> {
  await discardUpload(request.raw);
  reply.header("connection", "close");
  throw new AppError("PAYLOAD_TOO_LARGE");
}

function forward(request: FastifyRequest, target: string, token: string, upload?: Readable) {
  const headers: Record<string, string> = {
    authorization: `Bearer ${token}`,
    "x-forwarded-for": request.ip,
  };
  for (const name of FORWARDED_REQUEST_HEADERS) {
    const value = request.headers[name];
    if (typeof value === "string") headers[name] = value;
  }
  // A plain link (a CSV download) cannot send a header: the page keeps its workspace in a cookie
  // too (web/src/api/current-workspace.ts), named here for a navigation only. The page's own
  // calls (fetch) say what they mean by the header alone: none is the person's own workspace.
  const chosen = request.cookies[WORKSPACE_COOKIE];
  const navigation = request.headers["sec-fetch-mode"] === "navigate";
  if (navigation && headers["kurz-workspace"] === undefined && chosen && isWorkspaceId(chosen)) {
    headers["kurz-workspace"] = chosen;
  }
  let body: Buffer | Readable | undefined;
  if (upload) {
    // Passed on so that the API can refuse a file over its limit before reading it.
    const length = request.headers["content-length"];
    if (length !== undefined) headers["content-length"] = length;
    body = upload;
  } else if (request.body instanceof Buffer && request.body.length > 0) {
    body = request.body;
  }
  return send(target, {
    method: request.method as "GET",
    headers,
    ...(body && !SAFE_METHODS.has(request.method) ? { body } : {}),
    headersTimeout: 30_000,
    bodyTimeout: 30_000,
  });
}
