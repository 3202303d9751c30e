/** The routing page of a link, by its short code (the custom alias, when there is one). */
// The app's base path (router.ts APP_BASE) written out: link rows import this, and tests read it without a window.
export const routingHref = (code: string) => `/app/links/${encodeURIComponent(code)}/routing`;

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
