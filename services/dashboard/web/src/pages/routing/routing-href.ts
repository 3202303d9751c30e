import { APP_BASE } from "../../router";

/** The routing page of a link, by its short code (the custom alias, when there is one). */
export const routingHref = (code: string) => `${APP_BASE}/links/${encodeURIComponent(code)}/routing`;

/** The link a routing page's path names, or undefined. */
export function routingCodeOf(pathname: string): string | undefined {
  const match = /^\/app\/links\/([^/]+)\/routing\/?$/.exec(pathname);
  if (!match?.[1]) return undefined;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return undefined;
  }
}
