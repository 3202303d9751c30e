import { create } from "@bufbuild/protobuf";
import { timestampMs } from "@bufbuild/protobuf/wkt";
import type { GeoLocation, UserAgentInfo } from "@kurz/click-enrichment";
import { linksV1 } from "@kurz/proto";
import {
  createVisitor,
  decideVisit,
  forwardVisitQuery,
  isLinkPreviewCrawler,
  linkDecisionOf,
  type VisitDecision,
} from "@kurz/redirect-rules";
import type { LinkApiContext } from "../link-api-context";
import { getLinkOrThrow, type LinkReference } from "../links/get-link-or-throw";
import { toLinkSnapshot } from "../links/to-link-snapshot";
import type { SimulateInput, Simulation } from "./simulate-input-schema";

export interface SimulatorDeps {
  /** @kurz/click-enrichment's classifier, the redirector's own. */
  classify(userAgent: string): UserAgentInfo;
  /** The place of an address, opening the geo database on first use (as the redirector does). */
  locate(ip: string): Promise<GeoLocation>;
}

type Choice = { destinationUrl: string; variantId: string };

/** The variant a simulated visitor is shown: the control, as bots and HEAD requests get. */
function abChoiceOf(snapshot: linksV1.LinkSnapshot, lines: string[]): Choice | undefined {
  const variants = snapshot.abVariants;
  if (variants.length === 0) return undefined;
  const control = variants.find((variant) => variant.control) ?? variants[0]!;
  const weights = variants.map((v) => `${v.variantId} ${v.weight} %`).join(", ");
  lines.push(
    `a/b test running: a new visitor is assigned a variant by weight (${weights}); shown: the control, ${control.variantId}`,
  );
  return { destinationUrl: control.destinationUrl, variantId: control.variantId };
}

/** The query string of the described visit, as the short URL would carry it. */
function requestUrlOf(input: SimulateInput): string {
  const query = new URLSearchParams(input.query ?? {}).toString();
  return query === "" ? "/" : `/?${query}`;
}

/**
 * "Why did my visitor land there?": the redirector's decision (docs/api/redirect-rules.md#order)
 * run on a described visitor, from the snapshot the redirector would hold for the link — the same
 * decideVisit, the same compiled rules, the same query forwarding. Expiry by clicks reads the
 * count last reported by analytics (the redirector counts exactly).
 */
export async function simulateRedirect(
  ctx: LinkApiContext,
  deps: SimulatorDeps,
  accountId: string,
  reference: LinkReference,
  input: SimulateInput,
): Promise<Simulation> {
  const row = await getLinkOrThrow(ctx.db, ctx.hosts, accountId, reference);
  const snapshot = create(linksV1.LinkSnapshotSchema, toLinkSnapshot(row));
  const nowMs = input.at === undefined ? ctx.clock.now().getTime() : Date.parse(input.at);
  const explanation: string[] = [];

  const expiresAtMs = snapshot.expiresAt ? timestampMs(snapshot.expiresAt) : undefined;
  const byDate = expiresAtMs !== undefined && nowMs >= expiresAtMs;
  const byClicks = snapshot.maxClicks > 0n && BigInt(row.clicks) >= snapshot.maxClicks;
  if (byDate || byClicks) {
    explanation.push(
      byDate
        ? `expired: ${new Date(nowMs).toISOString()} is at or after ${new Date(expiresAtMs!).toISOString()}`
        : `expired: ${row.clicks} clicks counted reach the cap of ${snapshot.maxClicks}`,
    );
    explanation.push(snapshot.expiredUrl ? `→ ${snapshot.expiredUrl}` : "→ 410 page (no expired URL)");
    return {
      destination_url: snapshot.expiredUrl,
      status_code: snapshot.expiredUrl ? 302 : 410,
      matched: "expired",
      rule: null,
      explanation,
    };
  }
  const password = snapshot.passwordHash !== "";
  if (password) explanation.push("password: the visitor is shown the form first (200); after it:");

  const decision = linkDecisionOf(snapshot);
  const userAgent = input.user_agent ?? "";
  let decided: VisitDecision<Choice>;
  if (decision === undefined) {
    const choice = abChoiceOf(snapshot, explanation);
    const destinationUrl = choice?.destinationUrl ?? snapshot.destinationUrl;
    if (choice === undefined) explanation.push(`the link's URL → ${destinationUrl}`);
    decided = { matched: choice ? "ab_test" : "default", destinationUrl, rule: null, abTest: choice };
  } else {
    const place =
      input.ip !== undefined && decision.needsGeo && input.country === undefined
        ? await deps.locate(input.ip)
        : undefined;
    if (place !== undefined) {
      explanation.push(
        `located ${input.ip}: ${[place.city, place.regionCode || place.region, place.country].filter(Boolean).join(", ") || "unknown"}`,
      );
    }
    const visitor = createVisitor({
      userAgent: deps.classify(userAgent),
      acceptLanguage: input.accept_language,
      country: input.country ?? place?.country,
      region: input.region ?? place?.regionCode,
      city: input.city ?? place?.city,
      ip: input.ip,
      referer: input.referrer,
      query: new URLSearchParams(input.query ?? {}),
      time: nowMs,
    });
    const abLines: string[] = [];
    const abTest = abChoiceOf(snapshot, abLines);
    decided = decideVisit(
      { ...decision.inputs, abTest },
      { visitor, crawler: decision.inputs.hasCard && isLinkPreviewCrawler(userAgent) },
      { explain: true },
    );
    if (decided.matched === "ab_test" || (decided.matched === "preview" && decided.abTest)) {
      explanation.push(...abLines);
    }
    explanation.push(...(decided.lines ?? []));
  }

  const destination = forwardVisitQuery(decided.destinationUrl, requestUrlOf(input));
  if (destination !== decided.destinationUrl)
    explanation.push(`the visit's query passed on → ${destination}`);
  const visitorDependent = decision !== undefined || decided.abTest !== undefined;
  const redirect = snapshot.dynamic || visitorDependent ? 302 : 301;
  return {
    destination_url: destination,
    status_code: password || decided.matched === "preview" ? 200 : redirect,
    matched: password ? "password" : decided.matched,
    rule: decided.rule
      ? { id: decided.rule.id, name: decided.rule.name ?? null, index: decided.rule.index }
      : null,
    explanation,
  };
}
