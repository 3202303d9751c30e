import { classifyReferrer, type GeoLocator, type UserAgentInfo } from "@kurz/click-enrichment";
import { clicksV1 } from "@kurz/proto";
import { utmOfClick } from "../enrichment/utm-of-click";
import type { VisitorHasher } from "../enrichment/visitor-hasher";
import { type ClickRow, toClickHouseTime } from "./click-row";
import type { DecodedClick } from "./decode-click";

export interface ClickEnricher {
  /**
   * The stored row of a click: enriched, with the IP reduced to geography and a visitor hash. A
   * promise only while the day's visitor salt is being loaded.
   */
  enrich(click: DecodedClick): ClickRow | Promise<ClickRow>;
}

const METHOD_NAMES: Record<number, string> = {
  [clicksV1.RequestMethod.GET]: "GET",
  [clicksV1.RequestMethod.HEAD]: "HEAD",
  [clicksV1.RequestMethod.POST]: "POST",
};

export function createClickEnricher(deps: {
  classifyUserAgent(userAgent: string): UserAgentInfo;
  geo: GeoLocator;
  visitors: VisitorHasher;
}): ClickEnricher {
  return {
    enrich(click) {
      const salt = deps.visitors.saltFor(click.clickedAtMs);
      return salt instanceof Promise ? salt.then((known) => rowOf(click, known)) : rowOf(click, salt);
    },
  };

  function rowOf(click: DecodedClick, salt: Buffer): ClickRow {
    const clickedAtMs = click.clickedAtMs;
    const classified = deps.classifyUserAgent(click.userAgent);
    // A manually tracked scan is a person's by definition, whatever client reported it; a card
    // shown to a link-preview crawler is a bot's, whatever its agent looks like.
    const agent = click.manual
      ? {
          ...classified,
          bot: false,
          botReason: "",
          deviceType: classified.bot ? "" : classified.deviceType,
        }
      : click.preview
        ? { ...classified, bot: true, botReason: "preview", deviceType: "" }
        : classified;
    const place = deps.geo.locate(click.ip);
    const referrer = classifyReferrer(click.referrer, click.host);
    const utm = utmOfClick(click);
    return {
      click_id: click.clickId.toLowerCase(),
      clicked_at: toClickHouseTime(clickedAtMs),
      account_id: click.accountId,
      link_id: click.linkId,
      host: click.host,
      code: click.code,
      destination_url: click.destinationUrl,
      campaign_id: click.campaignId,
      qr: click.qr,
      ab_test_id: click.abTestId,
      variant_id: click.variantId,
      // Only an exposure carries a test; a visitor id without one is dropped rather than stored.
      ab_visitor: click.abTestId === "" ? "" : click.abVisitorId,
      rule_id: click.ruleId,
      method: METHOD_NAMES[click.method] ?? "GET",
      is_bot: agent.bot,
      bot_reason: agent.botReason,
      device_type: agent.deviceType,
      browser: agent.browser,
      browser_version: agent.browserVersion,
      os: agent.os,
      os_version: agent.osVersion,
      country: place.country,
      region: place.region,
      city: place.city,
      referrer: click.referrer,
      referrer_host: referrer.host,
      referrer_category: referrer.category,
      utm_source: utm?.source ?? "",
      utm_medium: utm?.medium ?? "",
      utm_campaign: utm?.campaign ?? "",
      utm_term: utm?.term ?? "",
      utm_content: utm?.content ?? "",
      user_agent: click.userAgent,
      visitor_hash: deps.visitors.hash(salt, click.accountId, click.ip, click.userAgent),
      retention_days: 0,
      ingest_token: "",
    };
  }
}
