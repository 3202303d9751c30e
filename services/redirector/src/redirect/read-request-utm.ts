import type { UtmValues } from "../events/encode-click-event";

const MAX_UTM_LENGTH = 256;

function first(value: unknown): string {
  const text = Array.isArray(value) ? value[0] : value;
  return typeof text === "string" ? text.slice(0, MAX_UTM_LENGTH) : "";
}

/** UTM parameters on the short URL itself (`/abc?utm_source=newsletter`), as the visitor sent them. */
export function readRequestUtm(query: Record<string, unknown>): UtmValues | undefined {
  const source = first(query.utm_source);
  const medium = first(query.utm_medium);
  const campaign = first(query.utm_campaign);
  const term = first(query.utm_term);
  const content = first(query.utm_content);
  if (!source && !medium && !campaign && !term && !content) return undefined;
  return { source, medium, campaign, term, content };
}
