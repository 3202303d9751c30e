/**
 * Every OAuth scope of the Kurz API, with the text the consent page shows: the five integrations
 * have always asked for (shorturl:read, shorturl:create, qrcode:read, qrcode:create,
 * analytics:read) plus the rest a complete API needs (docs/api/oauth.md#scopes). One list for the
 * authorization server (what may be granted and how it is explained) and every resource server
 * (what each route requires).
 */
export const SCOPES = {
  "shorturl:read": "See your short links and their settings",
  "shorturl:create": "Create short links",
  "shorturl:update": "Change your short links (destination, name, tags, password, expiry)",
  "shorturl:delete": "Delete your short links",
  "qrcode:read": "See your QR codes",
  "qrcode:create": "Create QR codes",
  "qrcode:update": "Change your dynamic QR codes",
  "qrcode:delete": "Delete your QR codes",
  "analytics:read": "See click and conversion analytics for your links and QR codes",
  "campaign:read": "See your campaigns",
  "campaign:write": "Create, change and delete campaigns and assign links to them",
  "domain:read": "See your subdomains and branded domains",
  "domain:write": "Reserve subdomains, add, verify and remove branded domains",
  "abtest:read": "See your A/B tests and their results",
  "abtest:write": "Create, start, pause, complete and delete A/B tests",
  "webhook:read": "See your webhook endpoints and deliveries",
  "webhook:write": "Create, change and delete webhook endpoints",
  "conversion:write": "Record conversions for your links",
  "account:read": "See your account, plan and API keys",
  "account:write": "Create and revoke API keys",
} as const;

export type Scope = keyof typeof SCOPES;

export const SCOPE_NAMES = Object.keys(SCOPES) as Scope[];

export function isScope(value: string): value is Scope {
  return Object.hasOwn(SCOPES, value);
}
