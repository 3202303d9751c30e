import { AppError } from "@kurz/errors";
import { normalizeDestinationUrl } from "@kurz/service-runtime";
import { and, eq, sql } from "drizzle-orm";
import { type AbRouteVariant, type LinkRow, links } from "../db/schema";
import type { LinkApiContext } from "../link-api-context";
import { assertDestinationAllowed } from "./assert-destination-allowed";
import { enqueueLinkChanged } from "./enqueue-link-changed";
import { fitsUrlLength, mergeUtm, type UtmFields } from "./merge-utm";

export interface AbRouting {
  /** Empty: no test routes the link any more. */
  abTestId: string;
  variants: AbRouteVariant[];
  /** A completed test's winner: the link's destination from now on. */
  destinationUrl?: string;
}

/**
 * Sets or clears the A/B test routed on a link (abtest-engine's SetAbRouting). Variant
 * destinations pass the same policy as a link's own (no Kurz short links, no private hosts) and
 * get the link's UTM fields merged in, so the edge serves them as they are. A winner replaces the
 * destination even of a static link: the test answered 302 while it ran, and the link's owner
 * asked for the change by completing it. The version bump and link.updated make every edge cache
 * drop the old snapshot.
 */
export async function setAbRouting(
  ctx: LinkApiContext,
  accountId: string,
  linkId: string,
  routing: AbRouting,
): Promise<LinkRow> {
  if (routing.abTestId !== "" && routing.variants.length < 2) {
    throw new AppError("VALIDATION_ERROR", { message: "A routed test has at least two variants" });
  }
  const row = await ctx.db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(links)
      .where(and(eq(links.id, linkId), eq(links.accountId, accountId)))
      .for("update");
    if (!current) throw new AppError("URL_NOT_FOUND", { message: "Link not found" });
    const utm: UtmFields = {
      source: current.utmSource,
      medium: current.utmMedium,
      campaign: current.utmCampaign,
      term: current.utmTerm,
      content: current.utmContent,
    };
    const finalUrl = async (url: string, field: string) => {
      const checked = normalizeDestinationUrl(url);
      if (!checked.ok)
        throw new AppError("VALIDATION_ERROR", { message: checked.message, details: { field } });
      await assertDestinationAllowed(tx, ctx, checked.url, field);
      const merged = mergeUtm(checked.url, utm);
      if (!fitsUrlLength(merged)) {
        throw new AppError("VALIDATION_ERROR", {
          message: "URL with its UTM fields is longer than 2048 characters",
          details: { field },
        });
      }
      return { original: checked.url, merged };
    };
    const variants: AbRouteVariant[] = [];
    for (const [index, variant] of routing.variants.entries()) {
      const url = await finalUrl(variant.destinationUrl, `variants[${index}].destination_url`);
      variants.push({ ...variant, destinationUrl: url.merged });
    }
    const changes: Partial<typeof links.$inferInsert> = {
      abTestId: routing.abTestId === "" ? null : routing.abTestId,
      abVariants: routing.abTestId === "" ? [] : variants,
    };
    if (routing.destinationUrl !== undefined) {
      const url = await finalUrl(routing.destinationUrl, "destination_url");
      changes.originalUrl = url.original;
      changes.destinationUrl = url.merged;
    }
    const [updated] = await tx
      .update(links)
      .set({ ...changes, version: sql`nextval('link_version_seq')`, updatedAt: sql`now()` })
      .where(eq(links.id, current.id))
      .returning();
    await enqueueLinkChanged(tx, "link.updated", ctx.clock.now(), updated!, { previous: current });
    return updated!;
  });
  ctx.eventsWritten();
  return row;
}
