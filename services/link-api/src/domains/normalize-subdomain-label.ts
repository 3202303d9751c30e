/** Labels no account may reserve: infrastructure names and the platform's own. */
export const RESERVED_SUBDOMAINS: ReadonlySet<string> = new Set([
  "www",
  "api",
  "mcp",
  "app",
  "admin",
  "auth",
  "oauth",
  "login",
  "account",
  "accounts",
  "dashboard",
  "docs",
  "status",
  "blog",
  "help",
  "support",
  "static",
  "assets",
  "cdn",
  "mail",
  "email",
  "smtp",
  "imap",
  "pop",
  "ftp",
  "ns1",
  "ns2",
  "dns",
  "kurz",
  "billing",
  "dev",
  "staging",
  "test",
  "localhost",
  // Sub-routes of /api/v1/domains/subdomains that sit where a label would.
  "check",
  "suggestions",
]);

const LABEL = /^[a-z0-9](?:[a-z0-9-]{1,61}[a-z0-9])$/;

export type SubdomainCheck =
  | { ok: true; label: string }
  | { ok: false; reason: "invalid" | "reserved"; message: string; label: string };

/** 3 to 63 characters, letters, digits and hyphens, stored lowercase (docs/api/domains.md#subdomains). */
export function checkSubdomainLabel(input: string): SubdomainCheck {
  const label = input.trim().toLowerCase();
  if (!LABEL.test(label) || label.includes("--")) {
    return {
      ok: false,
      reason: "invalid",
      label,
      message:
        "subdomain must be 3 to 63 letters, digits or single hyphens, not starting or ending with a hyphen",
    };
  }
  if (RESERVED_SUBDOMAINS.has(label)) {
    return { ok: false, reason: "reserved", label, message: `subdomain "${label}" is reserved` };
  }
  return { ok: true, label };
}
