import { AppError } from "@kurz/errors";
import type { FastifyInstance } from "fastify";
import { sendMcpHttpError } from "./mcp-http-error";

const LOOPBACK = ["localhost", "127.0.0.1", "::1", "[::1]"];

/** A host name without port or IPv6 brackets, lowercase. */
function hostnameOf(host: string): string {
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(host);
  if (bracketed) return bracketed[1]!.toLowerCase();
  return host.replace(/:\d+$/, "").toLowerCase();
}

/**
 * The path a request names, as the router reads it: percent-decoded (the router matches `/%6Dcp`
 * to `/mcp`), repeated slashes and dot segments folded, lowercase. Undefined when it does not
 * decode (such a request is guarded: better refused than let through).
 */
function normalisedPath(url: string): string | undefined {
  const raw = url.split("?", 1)[0] ?? "";
  let decoded: string;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    return undefined;
  }
  const segments: string[] = [];
  for (const segment of decoded.split("/")) {
    if (segment === "" || segment === ".") continue;
    if (segment === "..") segments.pop();
    else segments.push(segment);
  }
  return `/${segments.join("/")}`.toLowerCase();
}

/** Whether the guard applies: the MCP endpoints (health aside), by route and by normalised path. */
function isGuarded(url: string, routeUrl: string | undefined): boolean {
  const isMcp = (path: string) => (path === "/mcp" || path.startsWith("/mcp/")) && path !== "/mcp/health";
  if (routeUrl !== undefined && isMcp(routeUrl)) return true;
  const path = normalisedPath(url);
  return path === undefined || isMcp(path);
}

/**
 * DNS-rebinding protection for the MCP endpoints (MCP 2025-11-25 transports, "security warning";
 * the conformance suite's dns-rebinding-protection): a web page whose host name an attacker points
 * at 127.0.0.1 must not reach a local server's tools. A request under /mcp (health aside) whose
 * Host — as the edge forwards it — or Origin names another host than Kurz's public one is
 * refused with 403 FORBIDDEN before anything else. When the public host is a loopback name, every
 * loopback name is Kurz's (any port). Which requests are under /mcp is decided on the route the
 * router matched and on the normalised path, never on the raw URL: a percent-encoded `/%6Dcp`
 * reaches the same route as `/mcp`. `extraHosts` / `extraOrigins` admit more (another public
 * name of the same deployment, a browser app's origin).
 */
export function registerDnsRebindingGuard(
  app: FastifyInstance,
  options: { publicBaseUrl: string; extraHosts: readonly string[]; extraOrigins: readonly string[] },
): void {
  const publicHost = hostnameOf(new URL(options.publicBaseUrl).host);
  const hosts = new Set([publicHost, ...options.extraHosts.map(hostnameOf)]);
  if (LOOPBACK.includes(publicHost)) for (const name of LOOPBACK) hosts.add(hostnameOf(name));
  const origins = new Set(options.extraOrigins.map((o) => o.toLowerCase().replace(/\/+$/, "")));

  const originAllowed = (origin: string): boolean => {
    if (origins.has(origin.toLowerCase())) return true;
    try {
      const url = new URL(origin);
      return (url.protocol === "http:" || url.protocol === "https:") && hosts.has(hostnameOf(url.host));
    } catch {
      return false;
    }
  };

  app.addHook("onRequest", async (request, reply) => {
    if (!isGuarded(request.url, request.routeOptions.url)) return;
    const host = hostnameOf(request.host);
    const origin = request.headers.origin;
    const refusal = !hosts.has(host)
      ? `The Host ${JSON.stringify(request.host)} is not this MCP server's`
      : origin !== undefined && !originAllowed(origin)
        ? `The Origin ${JSON.stringify(origin)} may not call this MCP server`
        : undefined;
    if (refusal === undefined) return;
    return sendMcpHttpError(
      reply,
      new AppError("FORBIDDEN", {
        message: refusal,
        hint: "Call the MCP server at its public address; a browser app's origin must be allowed by the operator (MCP_ALLOWED_ORIGINS)",
      }),
    );
  });
}
