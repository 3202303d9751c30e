import type { IncomingMessage, Server, ServerResponse } from "node:http";
import type { Clock } from "@kurz/clock";
import type { Logger } from "@kurz/logger";
import type { ClickPublisher } from "../events/click-publisher";
import type { LinkCache } from "../links/link-cache";
import { answerVisit } from "../redirect/answer-visit";
import { clickOfVisit } from "../redirect/click-of-visit";
import type { VisitDeciding } from "../redirect/decide-link-visit";
import { readVisitHeaders, type VisitorReader } from "../redirect/visitor-reader";
import { PROBE_PATHS } from "./redirect-routes";

export interface FastRedirectDeps {
  links: LinkCache;
  clicks: ClickPublisher;
  visitors: VisitorReader;
  /** Rules, deep links, cards and A/B routing. */
  deciding: VisitDeciding;
  staticMaxAgeSeconds: number;
  logger: Logger;
  clock: Clock;
}

/** `/<code>` or `/<code>?<query>` with a well-formed code; anything else is not for the fast path. */
const FAST_PATH = /^\/([A-Za-z0-9_-]{1,64})(?:\?|$)/;

/**
 * The hot path (docs/architecture.md#redirect-hot-path, #performance): a GET or HEAD for a code
 * whose link sits in the in-process cache and needs nothing but a redirect (no password, no click
 * cap, not expired; rules, deep links, cards and A/B tests decided in memory) is answered straight from the Node server's request event, before fastify's
 * routing, hooks and reply machinery — those cost more than the redirect itself. Every other
 * request (probes, password forms, cache misses, unknown codes, capped or expired links, a geo rule
 * before the geo database is open, errors)
 * goes to fastify unchanged, which answers the same way, only slower; the redirect tests run
 * against both paths.
 */
export function installFastRedirect(server: Server, deps: FastRedirectDeps): { stop(): void } {
  const [fastifyHandler, ...others] = server.listeners("request") as Array<
    (request: IncomingMessage, response: ServerResponse) => void
  >;
  if (!fastifyHandler || others.length > 0) {
    throw new Error("expected exactly one request listener (fastify's) on the redirector's server");
  }
  const probes = new Set(PROBE_PATHS);
  const answering = {
    deciding: deps.deciding,
    visitors: deps.visitors,
    staticMaxAgeSeconds: deps.staticMaxAgeSeconds,
  };
  let stopped = false;

  function tryRedirect(request: IncomingMessage, response: ServerResponse): boolean {
    const method = request.method;
    if (stopped) return false;
    if (method !== "GET" && method !== "HEAD") return false;
    const match = FAST_PATH.exec(request.url ?? "");
    const code = match?.[1];
    if (code === undefined) return false;
    // A probe path is a short code only when a proxy forwarded it; fastify decides the rest.
    const headers = readVisitHeaders(request);
    if (probes.has(code) && headers.forwardedFor === undefined) return false;
    const link = deps.links.peek(deps.visitors.host(request, headers), code);
    if (!link) return false;
    const s = link.snapshot;
    const nowMs = deps.clock.now().getTime();
    if (
      s.passwordHash !== "" ||
      s.maxClicks > 0n ||
      (link.expiresAtMs !== undefined && nowMs >= link.expiresAtMs)
    ) {
      return false;
    }
    // The first visit of a link with a geo rule waits for the database on fastify's path.
    if (link.decision?.needsGeo === true && !deps.deciding.geo.open) return false;
    const ip = link.decision !== undefined || s.trackingEnabled ? deps.visitors.ip(request, headers) : "";
    const answer = answerVisit(link, method, nowMs, request, headers, ip, answering);
    response.writeHead(answer.status, answer.head);
    if (answer.text === "" || method === "HEAD") response.end();
    else response.end(answer.text, answer.encoding);
    if (s.trackingEnabled) {
      deps.clicks.publish(
        clickOfVisit(link, answer.clickId, method, nowMs, request, headers, ip, answer.route, answer.decided),
      );
    }
    return true;
  }

  server.removeListener("request", fastifyHandler);
  server.on("request", (request: IncomingMessage, response: ServerResponse) => {
    let handled = false;
    try {
      handled = tryRedirect(request, response);
    } catch (error) {
      deps.logger.error({ event: "redirect.fast_path_failed", err: error }, "fast redirect failed");
      if (response.headersSent) return;
    }
    if (!handled) fastifyHandler(request, response);
  });
  // Once shutdown starts fastify answers everything (503 + Connection: close), so keep-alive
  // clients move to another replica.
  return {
    stop: () => {
      stopped = true;
    },
  };
}
