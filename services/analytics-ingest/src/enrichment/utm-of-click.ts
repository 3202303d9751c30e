import type { DecodedClick } from "../ingest/decode-click";

type Utm = NonNullable<DecodedClick["utm"]>;

const MAX_UTM_LENGTH = 256;
const FIELDS = ["source", "medium", "campaign", "term", "content"] as const;

/** The utm_* parameters of a destination URL, or undefined when it has none (or is not a URL). */
function utmOfDestination(destinationUrl: string): Utm | undefined {
  const query = destinationUrl.indexOf("?");
  if (query === -1 || !destinationUrl.includes("utm_", query)) return undefined;
  const hash = destinationUrl.indexOf("#", query);
  const params = new URLSearchParams(destinationUrl.slice(query + 1, hash === -1 ? undefined : hash));
  const get = (name: string) => (params.get(`utm_${name}`) ?? "").slice(0, MAX_UTM_LENGTH);
  return {
    source: get("source"),
    medium: get("medium"),
    campaign: get("campaign"),
    term: get("term"),
    content: get("content"),
  };
}

/**
 * The UTM values a click is counted under: the link's own (the utm_* parameters of the
 * destination it was sent to — a link's UTM fields are merged into it), each replaced by the
 * visit's when the short URL itself carried that parameter (`/abc?utm_campaign=spring`). A link
 * created with UTM fields is thus reported under them, as Bitly and Dub report a link's tags,
 * while a short URL shared with its own tags still tells its channels apart.
 */
export function utmOfClick(click: Pick<DecodedClick, "utm" | "destinationUrl">): Utm | undefined {
  const link = utmOfDestination(click.destinationUrl);
  const visit = click.utm;
  if (link === undefined) return visit;
  if (visit === undefined) return link;
  const merged = { ...link };
  for (const field of FIELDS) if (visit[field] !== "") merged[field] = visit[field];
  return merged;
}
