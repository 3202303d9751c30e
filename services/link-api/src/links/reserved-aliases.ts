/**
 * Codes no one may take: paths the platform answers itself on short hosts (the edge routes them
 * away from the redirector) and words that would read as the platform's own pages. Compared
 * case-insensitively.
 */
export const RESERVED_ALIASES: ReadonlySet<string> = new Set([
  "api",
  // Sub-routes of /api/v1/short-urls and /api/v1/urls that sit where a code would.
  "check-alias",
  "stats",
  "bulk",
  "export",
  "mcp",
  "login",
  "logout",
  "signup",
  "signin",
  "register",
  "auth",
  "oauth",
  "account",
  "accounts",
  "admin",
  "dashboard",
  "settings",
  "docs",
  "static",
  "assets",
  "health",
  "healthz",
  "readyz",
  "metrics",
  "well-known",
  "_well-known",
  "favicon",
  "robots",
  "sitemap",
  "www",
  "app",
  "help",
  "support",
  "status",
  "billing",
  "pricing",
  "terms",
  "privacy",
  "password",
  "expired",
  "qr",
  "kurz",
  "null",
  "undefined",
]);

export function isReservedAlias(alias: string): boolean {
  return RESERVED_ALIASES.has(alias.toLowerCase());
}
