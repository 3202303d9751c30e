import type { UtmValues } from "../events/encode-click-event";

const MAX_UTM_LENGTH = 256;

/**
 * UTM parameters on the short URL itself (`/abc?utm_source=newsletter`), as the visitor sent
 * them. Most requests carry none, so the query string is only parsed when it mentions one.
 */
export function readRequestUtm(url: string): UtmValues | undefined {
  const query = url.indexOf("?");
  if (query === -1 || !url.includes("utm_", query)) return undefined;
  const params = new URLSearchParams(url.slice(query + 1));
  const get = (name: string) => (params.get(name) ?? "").slice(0, MAX_UTM_LENGTH);
  const utm = {
    source: get("utm_source"),
    medium: get("utm_medium"),
    campaign: get("utm_campaign"),
    term: get("utm_term"),
    content: get("utm_content"),
  };
  return utm.source || utm.medium || utm.campaign || utm.term || utm.content ? utm : undefined;
}
