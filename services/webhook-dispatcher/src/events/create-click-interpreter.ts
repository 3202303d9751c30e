import { classifyReferrer, createUserAgentClassifier, type GeoLocator } from "@kurz/click-enrichment";
import type { EnrichClick } from "../payloads/click-enrichment";

const orNull = (value: string) => (value === "" ? null : value);

/**
 * The click's meaning for a webhook, from the same interpretation analytics-ingest stores
 * (@kurz/click-enrichment), so a webhook and the analytics agree on country, device and bot.
 */
export function createClickInterpreter(geo: GeoLocator): EnrichClick {
  const classifyUserAgent = createUserAgentClassifier();
  return (click) => {
    const classified = classifyUserAgent(click.userAgent);
    // A manually tracked scan is a person's by definition, whatever client reported it.
    const bot = click.manual ? false : classified.bot;
    const place = geo.locate(click.ip);
    const botName = classified.botReason.startsWith("user-agent:") ? classified.botReason.slice(11) : null;
    return {
      country: orNull(place.country),
      region: orNull(place.region),
      city: orNull(place.city),
      deviceType: bot && !click.manual ? "bot" : orNull(classified.deviceType),
      browser: orNull(classified.browser),
      os: orNull(classified.os),
      isBot: bot,
      botName: bot ? botName : null,
      referrerHost: orNull(classifyReferrer(click.referrer, click.host).host),
    };
  };
}
