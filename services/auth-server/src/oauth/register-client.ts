import { isScope } from "@kurz/auth-verifier";
import { nameProblem } from "@kurz/service-runtime";
import type { AuthContext } from "../auth-context";
import { isLoopbackHost } from "../config";
import { generateOpaqueSecret, sha256Hex } from "../crypto/opaque-secret";
import { type OAuthClientRow, oauthClients } from "../db/schema";
import { OAuthError } from "./oauth-error";

export const TOKEN_ENDPOINT_AUTH_METHODS = ["client_secret_basic", "client_secret_post", "none"] as const;
export const GRANT_TYPES = ["authorization_code", "refresh_token"] as const;
const MAX_REDIRECT_URIS = 10;
const MAX_URI_LENGTH = 2000;
const MAX_NAME_LENGTH = 100;

/** RFC 7591 §3.2.1 client information response. */
export interface ClientInformation {
  client_id: string;
  client_secret?: string;
  client_id_issued_at: number;
  client_secret_expires_at?: number;
  client_name: string;
  redirect_uris: string[];
  grant_types: string[];
  response_types: string[];
  token_endpoint_auth_method: string;
  scope?: string;
  client_uri?: string;
}

const metadataError = (description: string) => new OAuthError("invalid_client_metadata", description);

function stringArray(value: unknown, field: string): string[] | undefined {
  if (value === undefined) return undefined;
  if (!Array.isArray(value) || value.some((item) => typeof item !== "string")) {
    throw metadataError(`${field} must be an array of strings`);
  }
  return [...new Set(value as string[])];
}

function optionalString(value: unknown, field: string): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== "string") throw metadataError(`${field} must be a string`);
  return value;
}

/**
 * Why a redirect URI is refused, or undefined when it is acceptable: an absolute https URL
 * without fragment or credentials; plain http only on loopback hosts and only when loopback
 * redirects are allowed (local development). Compared exactly at authorization time.
 */
export function redirectUriProblem(uri: string, allowLoopback: boolean): string | undefined {
  if (uri.length > MAX_URI_LENGTH) return `is longer than ${MAX_URI_LENGTH} characters`;
  // Exactly as registered is how it is compared later: no whitespace, controls, non-ASCII or
  // malformed %-escapes that URL parsing would quietly rewrite.
  if (/[^\x21-\x7e]/.test(uri)) return "must be ASCII without spaces or control characters";
  if (/%(?![0-9A-Fa-f]{2})/.test(uri)) return "contains a malformed %-escape";
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return "is not an absolute URL";
  }
  if (url.hash || uri.includes("#")) return "must not contain a fragment";
  if (url.username || url.password) return "must not contain credentials";
  if (url.protocol === "https:") return undefined;
  if (url.protocol === "http:" && isLoopbackHost(url.hostname)) {
    return allowLoopback ? undefined : "uses http on a loopback host, which is only allowed in development";
  }
  return "must use https";
}

interface ValidatedMetadata {
  clientName: string;
  redirectUris: string[];
  grantTypes: string[];
  responseTypes: string[];
  tokenEndpointAuthMethod: (typeof TOKEN_ENDPOINT_AUTH_METHODS)[number];
  scope: string | undefined;
  clientUri: string | undefined;
}

/**
 * Every field RFC 7591 defines that we use (docs/api/oauth.md#client-registration), checked;
 * fields we do not know are ignored (RFC 7591 §2).
 */
export function validateClientMetadata(body: unknown, allowLoopback: boolean): ValidatedMetadata {
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    throw metadataError("The registration request must be a JSON object");
  }
  const input = body as Record<string, unknown>;

  const clientName = optionalString(input.client_name, "client_name")?.trim();
  if (!clientName) throw metadataError("client_name is required");
  if (clientName.length > MAX_NAME_LENGTH)
    throw metadataError(`client_name is longer than ${MAX_NAME_LENGTH} characters`);
  const nameIssue = nameProblem(clientName);
  if (nameIssue) throw metadataError(`client_name ${nameIssue}`);

  if (input.redirect_uris === undefined) {
    throw new OAuthError("invalid_redirect_uri", "redirect_uris is required");
  }
  const redirectUris = stringArray(input.redirect_uris, "redirect_uris");
  if (!redirectUris || redirectUris.length === 0) {
    throw new OAuthError("invalid_redirect_uri", "redirect_uris must contain at least one URI");
  }
  if (redirectUris.length > MAX_REDIRECT_URIS) {
    throw new OAuthError(
      "invalid_redirect_uri",
      `redirect_uris may contain at most ${MAX_REDIRECT_URIS} URIs`,
    );
  }
  for (const uri of redirectUris) {
    const problem = redirectUriProblem(uri, allowLoopback);
    if (problem) throw new OAuthError("invalid_redirect_uri", `Redirect URI ${uri} ${problem}`);
  }

  const grantTypes = stringArray(input.grant_types, "grant_types") ?? [...GRANT_TYPES];
  for (const grant of grantTypes) {
    if (!(GRANT_TYPES as readonly string[]).includes(grant)) {
      throw metadataError(`Unsupported grant type "${grant}" (supported: ${GRANT_TYPES.join(", ")})`);
    }
  }
  if (!grantTypes.includes("authorization_code")) {
    throw metadataError("grant_types must include authorization_code");
  }
  // Every token response carries a rotated refresh token (docs/api/oauth.md#refresh-tokens), yet
  // many clients register for authorization_code alone. RFC 7591 §3.2.1 lets the server
  // replace requested metadata, so every client gets refresh_token too, and the response's
  // grant_types says so.
  if (!grantTypes.includes("refresh_token")) grantTypes.push("refresh_token");

  const responseTypes = stringArray(input.response_types, "response_types") ?? ["code"];
  if (responseTypes.length !== 1 || responseTypes[0] !== "code") {
    throw metadataError('response_types must be ["code"]');
  }

  const method =
    optionalString(input.token_endpoint_auth_method, "token_endpoint_auth_method") ?? "client_secret_basic";
  if (!(TOKEN_ENDPOINT_AUTH_METHODS as readonly string[]).includes(method)) {
    throw metadataError(
      `Unsupported token_endpoint_auth_method "${method}" (supported: ${TOKEN_ENDPOINT_AUTH_METHODS.join(", ")})`,
    );
  }

  let scope: string | undefined;
  const scopeText = optionalString(input.scope, "scope");
  if (scopeText !== undefined) {
    const scopes = [...new Set(scopeText.split(" ").filter(Boolean))];
    if (scopes.length === 0) throw metadataError("scope must name at least one scope");
    const unknown = scopes.find((name) => !isScope(name));
    if (unknown) throw metadataError(`Unknown scope "${unknown.slice(0, 64)}"`);
    scope = scopes.join(" ");
  }

  const clientUri = optionalString(input.client_uri, "client_uri");
  if (clientUri !== undefined && redirectUriProblem(clientUri, allowLoopback)) {
    throw metadataError("client_uri must be an https URL");
  }

  return {
    clientName,
    redirectUris,
    grantTypes,
    responseTypes,
    tokenEndpointAuthMethod: method as ValidatedMetadata["tokenEndpointAuthMethod"],
    scope,
    clientUri,
  };
}

export function toClientInformation(row: OAuthClientRow, secret?: string): ClientInformation {
  return {
    client_id: row.clientId,
    ...(secret ? { client_secret: secret, client_secret_expires_at: 0 } : {}),
    client_id_issued_at: Math.floor(row.createdAt.getTime() / 1000),
    client_name: row.clientName,
    redirect_uris: row.redirectUris,
    grant_types: row.grantTypes,
    response_types: row.responseTypes,
    token_endpoint_auth_method: row.tokenEndpointAuthMethod,
    ...(row.scope ? { scope: row.scope } : {}),
    ...(row.clientUri ? { client_uri: row.clientUri } : {}),
  };
}

/**
 * Dynamic client registration (RFC 7591). Confidential clients get a secret, returned this once
 * and stored as its SHA-256; public clients ("none") get none and must use PKCE.
 */
export async function registerClient(ctx: AuthContext, body: unknown): Promise<ClientInformation> {
  const metadata = validateClientMetadata(body, ctx.config.ALLOW_LOOPBACK_REDIRECTS);
  const prefix = ctx.config.BRAND_PREFIX;
  const clientId = generateOpaqueSecret(`${prefix}_client_`, 16);
  const secret =
    metadata.tokenEndpointAuthMethod === "none" ? undefined : generateOpaqueSecret(`${prefix}_cs_`);
  const [row] = await ctx.db
    .insert(oauthClients)
    .values({
      clientId,
      clientName: metadata.clientName,
      secretHash: secret ? sha256Hex(secret) : null,
      tokenEndpointAuthMethod: metadata.tokenEndpointAuthMethod,
      redirectUris: metadata.redirectUris,
      grantTypes: metadata.grantTypes,
      responseTypes: metadata.responseTypes,
      scope: metadata.scope ?? null,
      clientUri: metadata.clientUri ?? null,
      kind: "dynamic",
      enabled: true,
      createdAt: ctx.clock.now(),
    })
    .returning();
  if (!row) throw new Error("client insert returned nothing");
  ctx.logger.info({ event: "oauth.client_registered", clientId, public: !secret }, "OAuth client registered");
  return toClientInformation(row, secret);
}
