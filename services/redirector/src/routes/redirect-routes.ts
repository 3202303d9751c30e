import type { Logger } from "@kurz/logger";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { LinkCache } from "../links/link-cache";
import { notFoundPage } from "../pages/render-page";
import type { PasswordGate } from "../password/password-gate";
import { askOrUnavailable } from "../redirect/ask-or-unavailable";
import type { VisitMethod } from "../redirect/plan-redirect";
import { redirectVisitor, sendExpired, sendStrayVisit, type VisitorDeps } from "../redirect/redirect-visitor";
import { sendPage } from "../redirect/send-page";
import { readVisitHeaders } from "../redirect/visitor-reader";

export interface RedirectRouteDeps extends VisitorDeps {
  cache: LinkCache;
  passwords: PasswordGate;
  logger: Logger;
}

/** Codes and aliases link-api hands out: letters, digits, "-" and "_". */
export const CODE_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * Paths the service runtime answers itself (probes). A request for them that came through a proxy
 * (it carries X-Forwarded-For, which the edge and ingress controllers add and probes never send)
 * is a visitor asking for the short code of that name, so codes never collide with probes.
 */
export const PROBE_PATHS: readonly string[] = ["healthz", "readyz"];
const FORWARDED_CONSTRAINT = "forwardedRequest";

async function handleVisit(
  deps: RedirectRouteDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  code: string,
  method: VisitMethod,
): Promise<FastifyReply> {
  if (!CODE_PATTERN.test(code)) return sendPage(reply, 404, notFoundPage());
  const headers = readVisitHeaders(request.raw);
  const host = deps.visitors.host(request.raw, headers);
  const found = await askOrUnavailable(reply, () => deps.cache.lookup(host, code));
  if (!found) return reply;
  const link = found.value;
  if (!link) return sendStrayVisit(deps, reply, host, "notFound", () => sendPage(reply, 404, notFoundPage()));
  if (link.expiresAtMs !== undefined && deps.clock.now().getTime() >= link.expiresAtMs)
    return sendExpired(deps, reply, link, host);

  if (link.snapshot.passwordHash !== "" && !deps.passwords.isUnlocked(request, link)) {
    if (method !== "POST") return deps.passwords.sendForm(request, reply);
    const password = (request.body as Record<string, unknown> | undefined)?.password;
    if (!(await deps.passwords.submit(request, reply, link, password))) return reply;
  }
  return redirectVisitor(deps, request, reply, link, method, headers, host);
}

function parseForm(
  _request: FastifyRequest,
  body: string,
  done: (err: Error | null, body?: unknown) => void,
) {
  done(null, Object.fromEntries(new URLSearchParams(body)));
}

/** `GET|HEAD|POST /{code}` on every short host (POST is the password form). */
export function registerRedirectRoutes(app: FastifyInstance, deps: RedirectRouteDeps): void {
  app.addContentTypeParser(
    "application/x-www-form-urlencoded",
    { parseAs: "string", bodyLimit: 4_096 },
    parseForm,
  );

  app.addConstraintStrategy({
    name: FORWARDED_CONSTRAINT,
    storage() {
      const handlers = new Map<string, unknown>();
      return {
        get: (value: string) => (handlers.get(value) ?? null) as never,
        set: (value: string, store: unknown) => {
          handlers.set(value, store);
        },
      };
    },
    deriveConstraint: (request) =>
      request.headers["x-forwarded-for"] === undefined ? "direct" : "forwarded",
  });

  type CodeRequest = FastifyRequest<{ Params: { code: string } }>;
  const visit = (method: VisitMethod) => (request: CodeRequest, reply: FastifyReply) =>
    handleVisit(deps, request, reply, request.params.code, method);

  app.route({ method: "GET", url: "/:code", exposeHeadRoute: false, handler: visit("GET") });
  app.route({ method: "HEAD", url: "/:code", handler: visit("HEAD") });
  app.route({ method: "POST", url: "/:code", handler: visit("POST") });
  const root = (request: FastifyRequest, reply: FastifyReply) => {
    const host = deps.visitors.host(request.raw, readVisitHeaders(request.raw));
    return sendStrayVisit(deps, reply, host, "root", () => sendPage(reply, 404, notFoundPage()));
  };
  app.route({ method: "GET", url: "/", handler: root });

  for (const probe of PROBE_PATHS) {
    for (const method of ["GET", "HEAD", "POST"] as const) {
      app.route({
        method,
        url: `/${probe}`,
        exposeHeadRoute: false,
        constraints: { [FORWARDED_CONSTRAINT]: "forwarded" },
        handler: (request, reply) => handleVisit(deps, request, reply, probe, method),
      });
    }
  }
}
