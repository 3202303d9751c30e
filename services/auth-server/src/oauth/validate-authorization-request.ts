import { isScope, type Scope } from "@kurz/auth-verifier";
import { eq } from "drizzle-orm";
import type { AuthContext } from "../auth-context";
import { type OAuthClientRow, oauthClients } from "../db/schema";
import type { OAuthErrorCode } from "./oauth-error";

/**
 * The authorization request's parameters (docs/api/oauth.md#authorization-endpoint), in the order
 * forms carry them.
 */
export const AUTHORIZATION_PARAMS = [
  "client_id",
  "redirect_uri",
  "response_type",
  "scope",
  "state",
  "code_challenge",
  "code_challenge_method",
] as const;

export interface AuthorizationRequest {
  client: OAuthClientRow;
  redirectUri: string;
  scopes: Scope[];
  state: string | undefined;
  codeChallenge: string | undefined;
  /** The validated parameters, to carry through log-in and the consent form. */
  params: URLSearchParams;
}

export type AuthorizationRefusal =
  /** Client or redirect URI cannot be trusted: show a page, never redirect. */
  | { kind: "page"; status: number; title: string; message: string }
  /** An error the client learns at its (verified) redirect URI. */
  | { kind: "redirect"; location: string };

export type AuthorizationValidation = { kind: "ok"; request: AuthorizationRequest } | AuthorizationRefusal;

const PKCE_CHALLENGE = /^[A-Za-z0-9_-]{43}$/;
const MAX_STATE_LENGTH = 2048;

/** Builds the callback URL with the RFC 9207 `iss` parameter, keeping the URI's own query. */
export function authorizationResponseLocation(
  issuer: string,
  redirectUri: string,
  params: Record<string, string | undefined>,
): string {
  const url = new URL(redirectUri);
  for (const [name, value] of Object.entries(params))
    if (value !== undefined) url.searchParams.set(name, value);
  url.searchParams.set("iss", issuer);
  return url.toString();
}

/**
 * The checks of an authorization request, in order (RFC 6749 §4.1.2.1): first what decides
 * whether redirecting is safe at all (client, redirect URI), then everything reported to the
 * client at its redirect URI.
 */
export async function validateAuthorizationRequest(
  ctx: AuthContext,
  input: URLSearchParams,
): Promise<AuthorizationValidation> {
  const single = (name: string) => {
    const values = input.getAll(name);
    return { repeated: values.length > 1, value: values[0] || undefined };
  };
  const page = (title: string, message: string, status = 400): AuthorizationValidation => ({
    kind: "page",
    status,
    title,
    message,
  });

  const clientId = single("client_id");
  if (clientId.repeated) return page("Invalid request", "The client_id parameter was sent more than once.");
  if (!clientId.value)
    return page(
      "Invalid request",
      "The request does not say which application is asking (client_id is missing).",
    );
  const [client] = await ctx.db
    .select()
    .from(oauthClients)
    .where(eq(oauthClients.clientId, clientId.value))
    .limit(1);
  if (!client)
    return page("Unknown application", "The application that sent you here is not registered with us.");
  if (!client.enabled) {
    return page(
      `${client.clientName} is coming soon`,
      `Connecting ${client.clientName} is not available yet. We will announce it when it is.`,
      403,
    );
  }

  const redirect = single("redirect_uri");
  if (redirect.repeated)
    return page("Invalid request", "The redirect_uri parameter was sent more than once.");
  if (!redirect.value) return page("Invalid request", "The request has no redirect_uri.");
  if (!client.redirectUris.includes(redirect.value)) {
    return page(
      "Invalid redirect URI",
      `The redirect URI is not registered for ${client.clientName}. For your safety we do not send you there.`,
    );
  }
  const redirectUri = redirect.value;
  const state = single("state").value;
  const fail = (error: OAuthErrorCode, description: string): AuthorizationValidation => ({
    kind: "redirect",
    location: authorizationResponseLocation(ctx.config.ISSUER, redirectUri, {
      error,
      error_description: description,
      state: state?.slice(0, MAX_STATE_LENGTH),
    }),
  });

  for (const name of AUTHORIZATION_PARAMS) {
    if (single(name).repeated) return fail("invalid_request", `Parameter ${name} must not be repeated`);
  }
  if (state && state.length > MAX_STATE_LENGTH) return fail("invalid_request", "state is too long");

  const responseType = single("response_type").value;
  if (!responseType) return fail("invalid_request", "Missing required parameter: response_type");
  if (responseType !== "code")
    return fail("unsupported_response_type", 'Only response_type "code" is supported');

  const scopeText = single("scope").value;
  if (!scopeText?.trim()) return fail("invalid_request", "Missing required parameter: scope");
  const requested = [...new Set(scopeText.split(" ").filter(Boolean))];
  const unknown = requested.find((name) => !isScope(name));
  if (unknown) return fail("invalid_scope", `Unknown scope: ${unknown.slice(0, 64)}`);
  const scopes = requested as Scope[];
  if (client.scope) {
    const allowed = new Set(client.scope.split(" "));
    const outside = scopes.find((scope) => !allowed.has(scope));
    if (outside) return fail("invalid_scope", `Scope ${outside} was not registered for this client`);
  }

  const challenge = single("code_challenge").value;
  const method = single("code_challenge_method").value;
  if (method !== undefined && method !== "S256") {
    return fail("invalid_request", "Only code_challenge_method S256 is supported");
  }
  if (challenge === undefined && method !== undefined) {
    return fail("invalid_request", "code_challenge_method was sent without code_challenge");
  }
  if (challenge !== undefined) {
    // Without a method RFC 7636 means "plain", which we do not accept.
    if (method === undefined) return fail("invalid_request", "code_challenge_method must be S256");
    if (!PKCE_CHALLENGE.test(challenge)) {
      return fail(
        "invalid_request",
        "code_challenge must be the base64url SHA-256 of the code verifier (43 characters)",
      );
    }
  } else if (!client.secretHash) {
    return fail("invalid_request", "PKCE (code_challenge with S256) is required for public clients");
  }

  const params = new URLSearchParams();
  for (const name of AUTHORIZATION_PARAMS) {
    const value = single(name).value;
    if (value !== undefined) params.set(name, value);
  }
  return { kind: "ok", request: { client, redirectUri, scopes, state, codeChallenge: challenge, params } };
}
