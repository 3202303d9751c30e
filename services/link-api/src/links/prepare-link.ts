import { AppError } from "@kurz/errors";
import { count, eq } from "drizzle-orm";
import type { PlanLimits } from "../accounts/account-plans";
import { assertRoom, assertWithinQuota } from "../accounts/assert-within-quota";
import { getCampaignOrThrow } from "../campaigns/get-campaign-or-throw";
import type { LinkApiTransaction } from "../db/link-api-database";
import { links } from "../db/schema";
import type { LinkApiContext } from "../link-api-context";
import { assertDestinationAllowed } from "./assert-destination-allowed";
import { assertRoutingAllowed } from "./assert-routing-allowed";
import { assertFutureExpiry, type CreateLinkOptions, utmOf } from "./create-link";
import { hashLinkPassword } from "./hash-link-password";
import type { CreateLinkInput } from "./link-input-schemas";
import { fitsUrlLength, mergeUtm } from "./merge-utm";
import { resolveLinkTarget } from "./resolve-link-target";

/** A new link's row, but for the three fields its insert decides: id, code, custom_alias. */
export type NewLinkValues = Omit<typeof links.$inferInsert, "id" | "code" | "customAlias">;

/** What a create computes before its transaction: nothing in it reads the database. */
export interface LinkDraft {
  input: CreateLinkInput;
  plan: PlanLimits;
  destinationUrl: string;
  expiresAt: Date | null;
  passwordHash: string;
  /** An imported link's creation date at its origin; unset: now. */
  createdAt?: Date;
}

/**
 * A create's checks that need no database, and its slow work (the password's hash), done before
 * the transaction opens so the quota's lock is not held through them. The plan is asked here
 * unless the caller has it: never inside the transaction (docs/architecture.md).
 */
export async function draftLink(
  ctx: Pick<LinkApiContext, "clock" | "plans">,
  accountId: string,
  input: CreateLinkInput,
  options: Pick<CreateLinkOptions, "plan" | "createdAt">,
): Promise<LinkDraft> {
  const destinationUrl = mergeUtm(input.url, utmOf(input));
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
  return {
    input,
    plan,
    destinationUrl,
    expiresAt,
    passwordHash,
    ...(options.createdAt ? { createdAt: options.createdAt } : {}),
  };
}

/**
 * A create's checks that read the database (the destination policy, the plan's link limit, the
 * host, the campaign), in the create's transaction, and the row they allow. Reads only: a refusal
 * here leaves nothing to undo.
 */
export async function checkLinkDraft(
  tx: LinkApiTransaction,
  ctx: LinkApiContext,
  accountId: string,
  draft: LinkDraft,
  options: Pick<CreateLinkOptions, "urlField" | "linksUsed" | "qr">,
): Promise<NewLinkValues> {
  const { input, plan } = draft;
  await assertDestinationAllowed(tx, ctx, input.url, options.urlField ?? "url");
  if (input.expired_url) await assertDestinationAllowed(tx, ctx, input.expired_url, "expired_url");
  await assertRoutingAllowed(tx, ctx, input);
  if (options.linksUsed) assertRoom(plan, "maxLinks", options.linksUsed());
  else {
    await assertWithinQuota(tx, accountId, plan, "maxLinks", async () => {
      const [result] = await tx.select({ n: count() }).from(links).where(eq(links.accountId, accountId));
      return result?.n ?? 0;
    });
  }
  const target = await resolveLinkTarget(tx, ctx.hosts, accountId, input);
  const campaignId = input.campaign_id || null;
  if (campaignId) await getCampaignOrThrow(tx, accountId, campaignId);
  const utm = utmOf(input);
  return {
    accountId,
    host: target.host,
    urlType: target.urlType,
    brandedDomainId: target.brandedDomainId,
    subdomainId: target.subdomainId,
    originalUrl: input.url,
    destinationUrl: draft.destinationUrl,
    utmSource: utm.source,
    utmMedium: utm.medium,
    utmCampaign: utm.campaign,
    utmTerm: utm.term,
    utmContent: utm.content,
    name: input.name ?? "",
    dynamic: input.is_dynamic ?? false,
    trackingEnabled: input.tracking_enabled ?? true,
    conversionTracking: input.conversion_tracking ?? false,
    passwordHash: draft.passwordHash,
    tags: input.tags ?? [],
    campaignId,
    expiresAt: draft.expiresAt,
    maxClicks: input.max_clicks ?? 0,
    expiredUrl: input.expired_url ?? "",
    qr: options.qr ?? false,
    rules: input.rules ?? [],
    iosUrl: input.ios_url ?? "",
    androidUrl: input.android_url ?? "",
    ogTitle: input.og_title ?? "",
    ogDescription: input.og_description ?? "",
    ogImage: input.og_image ?? "",
    ...(draft.createdAt ? { createdAt: draft.createdAt } : {}),
  };
}
