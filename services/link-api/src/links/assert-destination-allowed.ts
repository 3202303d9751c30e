import { AppError } from "@kurz/errors";
import { bareHost, classifyDestinationHost } from "@kurz/ssrf";
import { and, eq } from "drizzle-orm";
import type { LinkApiExecutor } from "../db/link-api-database";
import { brandedDomains } from "../db/schema";
import type { LinkApiContext } from "../link-api-context";
import { aliasProblem } from "./link-fields";

/** One path segment that could be a short code (random codes and aliases alike). */
const SHORT_CODE_PATH = /^\/([A-Za-z0-9_-]{3,64})\/?$/;

/**
 * Refuses a destination Kurz should not redirect to (VALIDATION_ERROR, details.field and
 * details.reason), in this order:
 * 1. a short link of Kurz itself — a short host, a subdomain of the shared host or any verified
 *    branded domain, with a short code for path: a chain at best, a redirect loop at worst;
 *    always refused, whatever the allow-list says;
 * 2. loopback, private, link-local, cloud-metadata and other non-public hosts, judged by their
 *    literal (classifyDestinationHost, @kurz/ssrf), unless DESTINATION_ALLOWED_HOSTS lists them (a
 *    self-hosted Kurz that shortens intranet links).
 * `url` is already normalized by WHATWG URL (destinationUrlField).
 */
export async function assertDestinationAllowed(
  db: LinkApiExecutor,
  ctx: Pick<LinkApiContext, "hosts" | "destinationAllowList">,
  url: string,
  field: string,
): Promise<void> {
  const parsed = new URL(url);
  const host = bareHost(parsed.hostname);
  const code = SHORT_CODE_PATH.exec(parsed.pathname)?.[1];
  if (code !== undefined && aliasProblem(code) !== "reserved") {
    const ours =
      ctx.hosts.isPlatformHost(host) ||
      (
        await db
          .select({ id: brandedDomains.id })
          .from(brandedDomains)
          .where(and(eq(brandedDomains.domain, host), eq(brandedDomains.status, "verified")))
          .limit(1)
      ).length > 0;
    if (ours) {
      throw new AppError("VALIDATION_ERROR", {
        message: `${field} points at a Kurz short link (${host}/${code}): redirecting to it would chain or loop; use its final destination`,
        details: { field, reason: "redirect_loop", host },
      });
    }
  }
  if (ctx.destinationAllowList.allows(host)) return;
  const verdict = classifyDestinationHost(host);
  if (verdict.blocked) {
    throw new AppError("VALIDATION_ERROR", {
      message: `${field} points at ${verdict.description}, which short links do not redirect to (a self-hosted Kurz can allow such hosts with DESTINATION_ALLOWED_HOSTS)`,
      details: { field, reason: verdict.reason, host },
    });
  }
}
