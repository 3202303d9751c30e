/**
 * The longest query string of a visit that is forwarded; a longer one is not forwarded at all (a
 * Location of many kilobytes breaks proxies and browsers, and no campaign needs one).
 */
export const MAX_FORWARDED_QUERY_LENGTH = 2_048;

/** Parameters the redirector itself sets on the destination: a visitor's copy is never passed on. */
const OWN_PARAMETERS = new Set(["svc_click_id", "service_click_id"]);

/**
 * The destination with the query parameters the visitor put on the short URL
 * (`/abc?utm_campaign=spring&ref=x`), as Bitly, Dub and Shlink pass them on: each replaces the
 * destination's parameters of the same name, the others are kept in their order, and the
 * destination's fragment stays at the end. Only the query is touched: scheme, host and path are
 * the link's. `requestUrl` is the request's path and query; without a query (nearly every visit)
 * the destination is answered as it is, without parsing anything.
 */
export function forwardVisitQuery(destination: string, requestUrl: string): string {
  const mark = requestUrl.indexOf("?");
  if (mark === -1 || mark === requestUrl.length - 1) return destination;
  const query = requestUrl.slice(mark + 1);
  if (query.length > MAX_FORWARDED_QUERY_LENGTH) return destination;
  const visit = new URLSearchParams(query);
  let url: URL;
  try {
    url = new URL(destination);
  } catch {
    return destination;
  }
  let changed = false;
  const replaced = new Set<string>();
  for (const [name, value] of visit) {
    if (name === "" || OWN_PARAMETERS.has(name)) continue;
    if (!replaced.has(name)) {
      url.searchParams.delete(name);
      replaced.add(name);
    }
    url.searchParams.append(name, value);
    changed = true;
  }
  return changed ? url.href : destination;
}
