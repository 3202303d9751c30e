/** The API keys' own permission: the key may call the MCP server. */
export const MCP_PERMISSION = "mcp";

/**
 * What each permission lets a key do, in the words auth-server's consent page uses for the same
 * scopes (packages/auth-verifier's SCOPES); a scope not listed here is shown by its name.
 */
const DESCRIPTIONS: Record<string, string> = {
  "shorturl:read": "See your short links and their settings",
  "shorturl:create": "Create short links",
  "shorturl:update": "Change your short links",
  "shorturl:delete": "Delete your short links",
  "qrcode:read": "See your QR codes",
  "qrcode:create": "Create QR codes",
  "qrcode:update": "Change your dynamic QR codes",
  "qrcode:delete": "Delete your QR codes",
  "analytics:read": "See click and conversion analytics",
  "campaign:read": "See your campaigns",
  "campaign:write": "Create, change and delete campaigns",
  "domain:read": "See your subdomains and branded domains",
  "domain:write": "Reserve subdomains, add and verify branded domains",
  "abtest:read": "See your A/B tests and their results",
  "abtest:write": "Create and run A/B tests",
  "webhook:read": "See your webhook endpoints and deliveries",
  "webhook:write": "Create, change and delete webhook endpoints",
  "conversion:write": "Record conversions for your links",
  "account:read": "See your account, plan and API keys",
  "account:write": "Create and revoke API keys",
};

export const describePermission = (permission: string): string =>
  permission === MCP_PERMISSION ? "Use the MCP server" : (DESCRIPTIONS[permission] ?? permission);

/**
 * The scopes a new key may carry: those the plan grants that this dashboard session also holds
 * (the API refuses a key stronger than the token that creates it).
 */
export const offeredScopes = (grantable: readonly string[], sessionScopes: readonly string[]): string[] =>
  grantable.filter((scope) => sessionScopes.includes(scope));
