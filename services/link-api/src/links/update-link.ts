import { AppError } from "@kurz/errors";
import { isUniqueViolation } from "@kurz/relational";
import { eq, sql } from "drizzle-orm";
import { getCampaignOrThrow } from "../campaigns/get-campaign-or-throw";
import type { LinkApiTransaction } from "../db/link-api-database";
import { type LinkRow, links } from "../db/schema";
import type { LinkApiContext } from "../link-api-context";
import { assertDestinationAllowed } from "./assert-destination-allowed";
import { assertRoutingAllowed } from "./assert-routing-allowed";
import { assertFutureExpiry } from "./create-link";
import { takeOverDeletedCode } from "./deleted-code-quarantine";
import { enqueueLinkChanged } from "./enqueue-link-changed";
import { getLinkOrThrow, type LinkReference } from "./get-link-or-throw";
import { hashLinkPassword } from "./hash-link-password";
import type { UpdateLinkInput } from "./link-input-schemas";
import { fitsUrlLength, mergeUtm, type UtmFields } from "./merge-utm";
import { resolveLinkTarget } from "./resolve-link-target";

const UTM_KEYS = ["utm_source", "utm_medium", "utm_campaign", "utm_term", "utm_content"] as const;

/**
 * 409 INVALID_STATE (the input is valid; the link's state refuses it, as for the other state rules:
 * docs/api/errors.md#error-codes) for a destination change, or a switch to dynamic, of a static
 * link.
 */
function staticLinkStaysStatic(field: "url" | "utm" | "is_dynamic"): AppError {
  const what =
    field === "is_dynamic"
      ? "A static link cannot become dynamic: it answers 301, which browsers cache, so a later destination change would not reach visitors who already followed it"
      : "The destination of a static link cannot change: it answers 301, which browsers cache, so visitors who already followed it would keep going to the old destination";
  const next = "create a new link, or create links with is_dynamic true when their destination may change";
  // The REST body carries no hint, so the message says what to do as well.
  return new AppError("INVALID_STATE", {
    message: `${what}. Instead, ${next}`,
    details: { field, reason: "static_link" },
    hint: `Instead, ${next}`,
  });
}

/**
 * 409 INVALID_STATE (`ab_test_running`): an A/B test runs on the link, and its clicks (and, for a
 * conversion goal, their click ids) are what the test measures; turned off, the link would split
 * traffic and record nothing (docs/api/ab-tests.md#link-binding).
 */
function trackingNeededByAbTest(field: "tracking_enabled" | "conversion_tracking"): AppError {
  return new AppError("INVALID_STATE", {
    message: `An A/B test runs on this link: ${field} cannot be turned off until it is paused, completed or deleted`,
    details: { field, reason: "ab_test_running" },
    hint: "Pause, complete or delete the link's A/B test first",
  });
}

/**
 * Changes the fields present in input. Only dynamic links may change destination (url or UTM
 * fields), and a static link cannot become dynamic: it was answered with 301, which browsers
 * cache. Moving the link
 * to another host keeps its code, so the code must be free there (ALIAS_EXISTS otherwise).
 */
export async function updateLink(
  ctx: LinkApiContext,
  accountId: string,
  reference: LinkReference,
  input: UpdateLinkInput,
  options: { tx?: LinkApiTransaction } = {},
): Promise<LinkRow> {
  const passwordHash =
    input.password === undefined ? undefined : input.password ? await hashLinkPassword(input.password) : "";
  if (input.expires_at) assertFutureExpiry(new Date(input.expires_at), ctx.clock.now());

  try {
    const change = async (tx: LinkApiTransaction) => {
      const current = await getLinkOrThrow(tx, ctx.hosts, accountId, reference, { forUpdate: true });
      const changes: Partial<typeof links.$inferInsert> = {};

      // Turning a static link dynamic is refused, not just a destination change in the same
      // request: a flip followed by a second PATCH of the url would change a destination that
      // browsers hold in their cached 301 all the same. Dynamic → static is fine (301 from now on).
      if (input.is_dynamic === true && !current.dynamic) throw staticLinkStaysStatic("is_dynamic");
      if (input.is_dynamic !== undefined) changes.dynamic = input.is_dynamic;
      if (input.name !== undefined) changes.name = input.name;
      if (current.abTestId && (input.tracking_enabled === false || input.conversion_tracking === false)) {
        throw trackingNeededByAbTest(
          input.tracking_enabled === false ? "tracking_enabled" : "conversion_tracking",
        );
      }
      if (input.tracking_enabled !== undefined) changes.trackingEnabled = input.tracking_enabled;
      if (input.conversion_tracking !== undefined) changes.conversionTracking = input.conversion_tracking;
      if (input.tags !== undefined) changes.tags = input.tags;
      if (passwordHash !== undefined) changes.passwordHash = passwordHash;
      if (input.expires_at !== undefined)
        changes.expiresAt = input.expires_at ? new Date(input.expires_at) : null;
      if (input.max_clicks !== undefined) changes.maxClicks = input.max_clicks ?? 0;
      if (input.expired_url) await assertDestinationAllowed(tx, ctx, input.expired_url, "expired_url");
      if (input.expired_url !== undefined) changes.expiredUrl = input.expired_url ?? "";
      // Rules and deep links are allowed on static links too: such a link answers 302 no-store
      // from then on, and a 301 a browser cached before lasts at most its max-age.
      await assertRoutingAllowed(tx, ctx, input);
      if (input.rules !== undefined) changes.rules = input.rules;
      if (input.ios_url !== undefined) changes.iosUrl = input.ios_url ?? "";
      if (input.android_url !== undefined) changes.androidUrl = input.android_url ?? "";
      if (input.og_title !== undefined) changes.ogTitle = input.og_title ?? "";
      if (input.og_description !== undefined) changes.ogDescription = input.og_description ?? "";
      if (input.og_image !== undefined) changes.ogImage = input.og_image ?? "";

      const utmTouched = UTM_KEYS.some((key) => input[key] !== undefined);
      if (input.url !== undefined || utmTouched) {
        const utm: UtmFields = {
          source: input.utm_source ?? current.utmSource,
          medium: input.utm_medium ?? current.utmMedium,
          campaign: input.utm_campaign ?? current.utmCampaign,
          term: input.utm_term ?? current.utmTerm,
          content: input.utm_content ?? current.utmContent,
        };
        const originalUrl = input.url ?? current.originalUrl;
        const destinationUrl = mergeUtm(originalUrl, utm);
        // The stored flag decides, never the requested one: what visitors' browsers cached is
        // the 301 this link has answered so far.
        if (destinationUrl !== current.destinationUrl && !current.dynamic) {
          throw staticLinkStaysStatic(input.url !== undefined ? "url" : "utm");
        }
        if (input.url !== undefined) await assertDestinationAllowed(tx, ctx, input.url, "url");
        if (!fitsUrlLength(destinationUrl)) {
          throw new AppError("VALIDATION_ERROR", {
            message: "URL with its UTM fields is longer than 2048 characters",
            details: { field: "url" },
          });
        }
        Object.assign(changes, {
          originalUrl,
          destinationUrl,
          utmSource: utm.source,
          utmMedium: utm.medium,
          utmCampaign: utm.campaign,
          utmTerm: utm.term,
          utmContent: utm.content,
        });
      }

      if (input.campaign_id !== undefined) {
        const detach = input.campaign_id === null || input.campaign_id === "none" || input.campaign_id === "";
        if (detach) changes.campaignId = null;
        else changes.campaignId = (await getCampaignOrThrow(tx, accountId, input.campaign_id!)).id;
      }

      if (
        input.urlType !== undefined ||
        input.branded_domain !== undefined ||
        input.subdomain !== undefined
      ) {
        const target = await resolveLinkTarget(tx, ctx.hosts, accountId, input);
        if (current.qr && target.host !== current.host) {
          throw new AppError("INVALID_STATE", {
            message: "The link of a QR code cannot move to another host: printed codes would break",
          });
        }
        Object.assign(changes, {
          urlType: target.urlType,
          host: target.host,
          brandedDomainId: target.brandedDomainId,
          subdomainId: target.subdomainId,
        });
      }

      const [updated] = await tx
        .update(links)
        .set({ ...changes, version: sql`nextval('link_version_seq')`, updatedAt: sql`now()` })
        .where(eq(links.id, current.id))
        .returning();
      // A code moved to another host is taken there: not while another account's quarantine holds it.
      if (updated!.host !== current.host) {
        await takeOverDeletedCode(tx, ctx, accountId, updated!.host, updated!.code);
      }
      await enqueueLinkChanged(tx, "link.updated", ctx.clock.now(), updated!, { previous: current });
      return updated!;
    };
    // Inside a caller's transaction (a bulk update), the caller calls ctx.eventsWritten() after
    // its commit.
    if (options.tx) return await change(options.tx);
    const row = await ctx.db.transaction(change);
    ctx.eventsWritten();
    return row;
  } catch (error) {
    if (isUniqueViolation(error, "links_host_code_unique")) {
      throw new AppError("ALIAS_EXISTS", {
        message: "The code is already taken on the new host",
        details: { shortCode: reference.shortCode },
      });
    }
    throw error;
  }
}
