import { randomUUID } from "node:crypto";
import { AppError } from "@kurz/errors";
import type { OutboxMessage } from "@kurz/outbox";
import { count, eq } from "drizzle-orm";
import type { PlanLimits } from "../accounts/account-plans";
import { assertRoom, assertWithinQuota } from "../accounts/assert-within-quota";
import { getCampaignOrThrow } from "../campaigns/get-campaign-or-throw";
import type { LinkApiTransaction } from "../db/link-api-database";
import { type LinkRow, links } from "../db/schema";
import type { LinkApiContext } from "../link-api-context";
import { assertDestinationAllowed } from "./assert-destination-allowed";
import { takeOverDeletedCode } from "./deleted-code-quarantine";
import { enqueueLinkChanged } from "./enqueue-link-changed";
import { hashLinkPassword } from "./hash-link-password";
import { insertWithRandomCode } from "./insert-with-random-code";
import type { CreateLinkInput } from "./link-input-schemas";
import { fitsUrlLength, mergeUtm, type UtmFields } from "./merge-utm";
import { resolveLinkTarget } from "./resolve-link-target";

export interface CreateLinkOptions {
  /** Set by dynamic QR codes: the link's visits are QR scans. */
  qr?: boolean;
  /**
   * Create inside this transaction (a QR code and its link commit together); the caller then
   * calls ctx.eventsWritten() after its commit.
   */
  tx?: LinkApiTransaction;
  /** The input field the destination came in, for errors (a QR code's is "content"). */
  urlField?: string;
  /**
   * The account's plan, asked before `tx` opened: a caller passing `tx` must pass it, since
   * asking auth-server inside a transaction is what docs/architecture.md forbids.
   */
  plan?: PlanLimits;
  /**
   * The account's links now, from a caller that holds the link quota's lock for its whole
   * transaction (a bulk create counts once and adds what it made since): no lock, no count here.
   */
  linksUsed?: () => number;
  /**
   * The link.created message goes here instead of into the outbox, for a caller that writes its
   * transaction's messages in one statement (a bulk create). It is added last, after everything
   * that can refuse the link.
   */
  events?: OutboxMessage[];
}

export function utmOf(input: {
  utm_source?: string | undefined;
  utm_medium?: string | undefined;
  utm_campaign?: string | undefined;
  utm_term?: string | undefined;
  utm_content?: string | undefined;
}): UtmFields {
  return {
    source: input.utm_source ?? "",
    medium: input.utm_medium ?? "",
    campaign: input.utm_campaign ?? "",
    term: input.utm_term ?? "",
    content: input.utm_content ?? "",
  };
}

export function assertFutureExpiry(expiresAt: Date | null, now: Date): void {
  if (expiresAt && expiresAt.getTime() <= now.getTime()) {
    throw new AppError("VALIDATION_ERROR", {
      message: "expires_at must be in the future",
      details: { field: "expires_at" },
    });
  }
}

/**
 * Creates a short link. Everything that can be refused is checked before the row is written (a
 * bulk create relies on it: a random-code item runs without a savepoint); only a custom alias is
 * checked after, against another account's quarantine of its code. The row, the quota check and
 * the link.created event commit together. A custom alias already
 * taken on its host is ALIAS_EXISTS — decided by the unique index, so two concurrent creates of
 * one alias cannot both succeed — and so is a code another account deleted within its quarantine.
 */
export async function createLink(
  ctx: LinkApiContext,
  accountId: string,
  input: CreateLinkInput,
  options: CreateLinkOptions = {},
): Promise<LinkRow> {
  const utm = utmOf(input);
  const destinationUrl = mergeUtm(input.url, utm);
  if (!fitsUrlLength(destinationUrl)) {
    throw new AppError("VALIDATION_ERROR", {
      message: "URL with its UTM fields is longer than 2048 characters",
      details: { field: "url" },
    });
  }
  const expiresAt = input.expires_at ? new Date(input.expires_at) : null;
  assertFutureExpiry(expiresAt, ctx.clock.now());
  const plan = options.plan ?? (await ctx.plans.getPlan(accountId));
  const passwordHash = input.password ? await hashLinkPassword(input.password) : "";
  const campaignId = input.campaign_id || null;

  const insertLink = async (tx: LinkApiTransaction): Promise<LinkRow> => {
    await assertDestinationAllowed(tx, ctx, input.url, options.urlField ?? "url");
    if (input.expired_url) await assertDestinationAllowed(tx, ctx, input.expired_url, "expired_url");
    if (options.linksUsed) assertRoom(plan, "maxLinks", options.linksUsed());
    else {
      await assertWithinQuota(tx, accountId, plan, "maxLinks", async () => {
        const [result] = await tx.select({ n: count() }).from(links).where(eq(links.accountId, accountId));
        return result?.n ?? 0;
      });
    }
    const target = await resolveLinkTarget(tx, ctx.hosts, accountId, input);
    if (campaignId) await getCampaignOrThrow(tx, accountId, campaignId);

    const values = {
      accountId,
      host: target.host,
      urlType: target.urlType,
      brandedDomainId: target.brandedDomainId,
      subdomainId: target.subdomainId,
      originalUrl: input.url,
      destinationUrl,
      utmSource: utm.source,
      utmMedium: utm.medium,
      utmCampaign: utm.campaign,
      utmTerm: utm.term,
      utmContent: utm.content,
      name: input.name ?? "",
      dynamic: input.is_dynamic ?? false,
      trackingEnabled: input.tracking_enabled ?? true,
      conversionTracking: input.conversion_tracking ?? false,
      passwordHash,
      tags: input.tags ?? [],
      campaignId,
      expiresAt,
      maxClicks: input.max_clicks ?? 0,
      expiredUrl: input.expired_url ?? "",
      qr: options.qr ?? false,
    };

    let inserted: LinkRow | undefined;
    if (input.customAlias) {
      [inserted] = await tx
        .insert(links)
        .values({ ...values, id: randomUUID(), code: input.customAlias, customAlias: true })
        .onConflictDoNothing({ target: [links.host, links.code] })
        .returning();
      if (!inserted) {
        throw new AppError("ALIAS_EXISTS", {
          details: { customAlias: input.customAlias, domain: target.host },
          hint: "Choose another alias, or check one first with check-alias",
        });
      }
      await takeOverDeletedCode(tx, ctx, accountId, target.host, input.customAlias);
    } else {
      inserted = await insertWithRandomCode(tx, { ...values, id: randomUUID(), customAlias: false });
      if (!inserted) throw new AppError("INTERNAL", { message: "Could not allocate a short code" });
    }
    await enqueueLinkChanged(tx, "link.created", ctx.clock.now(), inserted, undefined, options.events);
    return inserted;
  };
  if (options.tx) return insertLink(options.tx);
  const row = await ctx.db.transaction(insertLink);
  ctx.eventsWritten();
  return row;
}
