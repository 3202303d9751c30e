import { SCOPE_NAMES } from "@kurz/auth-verifier";
import { z } from "zod";
import { GRANT_TYPES, TOKEN_ENDPOINT_AUTH_METHODS } from "../oauth/register-client";

/**
 * The OpenAPI description of the authorization server's endpoints. Their handlers check their
 * input themselves and answer RFC 6749 errors (routes register these with documentationOnly),
 * so the schemas describe; they do not validate.
 */

const oauthError = z
  .object({
    error: z.string().describe("invalid_request, invalid_client, invalid_grant, invalid_scope, ..."),
    error_description: z.string().optional(),
  })
  .meta({ id: "OAuthError", description: "RFC 6749 §5.2 error body" });

const tags = ["OAuth"];
const scope = z.string().describe(`Space-separated scopes: ${SCOPE_NAMES.join(", ")}`);
const formEncoded = ["application/x-www-form-urlencoded"];
/** Client authentication: HTTP Basic (client_secret_basic), or client_id/client_secret in the form. */
const clientAuthentication: Array<Record<string, string[]>> = [{ clientBasic: [] }, {}];

export const metadataSchema = {
  tags,
  summary: "Authorization server metadata (RFC 8414)",
  response: {
    200: z
      .object({
        issuer: z.string(),
        authorization_endpoint: z.string(),
        token_endpoint: z.string(),
        registration_endpoint: z.string(),
        revocation_endpoint: z.string(),
        jwks_uri: z.string(),
        scopes_supported: z.array(z.string()),
        response_types_supported: z.array(z.string()),
        grant_types_supported: z.array(z.string()),
        code_challenge_methods_supported: z.array(z.string()),
        token_endpoint_auth_methods_supported: z.array(z.string()),
      })
      .loose(),
  },
};

export const jwksSchema = {
  tags,
  summary: "The public keys access tokens are signed with (JWKS)",
  response: {
    200: {
      description: "Every key that may have signed a token still valid (several during a rotation)",
      content: {
        "application/jwk-set+json": {
          schema: z.object({
            keys: z.array(
              z.object({ kty: z.string(), kid: z.string(), alg: z.string(), use: z.string() }).loose(),
            ),
          }),
        },
      },
    },
  },
};

const clientInformation = z
  .object({
    client_id: z.string().describe("<prefix>_client_<opaque>"),
    client_secret: z.string().optional().describe("Absent for public clients (auth method none)"),
    client_id_issued_at: z.number().int(),
    client_secret_expires_at: z.number().int().optional().describe("0: never"),
    client_name: z.string(),
    redirect_uris: z.array(z.string()),
    grant_types: z.array(z.string()),
    response_types: z.array(z.string()),
    token_endpoint_auth_method: z.string(),
    scope: z.string().optional(),
    client_uri: z.string().optional(),
  })
  .meta({ id: "OAuthClient" });

export const registerSchema = {
  tags,
  summary: "Register a client (RFC 7591 dynamic client registration)",
  body: z.object({
    client_name: z.string().max(100),
    redirect_uris: z
      .array(z.string())
      .describe("Exact URIs; https, or http on a loopback host in local development"),
    grant_types: z.array(z.enum(GRANT_TYPES)).optional(),
    response_types: z.array(z.literal("code")).optional(),
    scope: scope.optional(),
    token_endpoint_auth_method: z.enum(TOKEN_ENDPOINT_AUTH_METHODS).optional(),
    client_uri: z.string().optional(),
  }),
  response: {
    201: clientInformation,
    400: oauthError.describe("invalid_client_metadata or invalid_redirect_uri"),
    429: oauthError.describe("Too many registrations from this address"),
  },
};

export const tokenSchema = {
  tags,
  summary: "Exchange an authorization code, or refresh (rotating) tokens",
  consumes: formEncoded,
  body: z.object({
    grant_type: z.enum(GRANT_TYPES),
    code: z.string().optional().describe("authorization_code: the code from the callback"),
    redirect_uri: z.string().optional().describe("authorization_code: the one of the authorization request"),
    code_verifier: z.string().optional().describe("authorization_code: the PKCE verifier"),
    refresh_token: z.string().optional().describe("refresh_token: the current refresh token"),
    scope: scope.optional().describe("refresh_token: narrower scopes, optional"),
    client_id: z.string().optional(),
    client_secret: z.string().optional().describe("client_secret_post"),
  }),
  response: {
    200: z
      .object({
        access_token: z.string().describe("JWT, valid expires_in seconds"),
        token_type: z.literal("Bearer"),
        expires_in: z.number().int(),
        refresh_token: z.string().optional().describe("<prefix>_rt_<opaque>; the previous one stops working"),
        scope,
      })
      .meta({ id: "TokenResponse" }),
    400: oauthError.describe("invalid_request, invalid_grant, unsupported_grant_type, invalid_scope"),
    401: oauthError.describe("invalid_client"),
  },
  security: clientAuthentication,
};

export const revokeSchema = {
  tags,
  summary: "Revoke a refresh or access token (RFC 7009)",
  consumes: formEncoded,
  body: z.object({
    token: z.string(),
    token_type_hint: z.enum(["refresh_token", "access_token"]).optional(),
    client_id: z.string().optional(),
    client_secret: z.string().optional().describe("client_secret_post"),
  }),
  response: {
    200: z.null().describe("Revoked, or the token was unknown already"),
    400: oauthError.describe("invalid_request"),
    401: oauthError.describe("invalid_client"),
  },
  security: clientAuthentication,
};

export const authorizeSchema = {
  tags,
  summary: "Start the authorization code flow (browser)",
  description:
    "Shows the log-in page if needed, then the consent page naming the app and the permissions. " +
    "Allow redirects to redirect_uri with code, state and iss; denial with error=access_denied.",
  querystring: z.object({
    client_id: z.string(),
    redirect_uri: z.string().describe("Exactly as registered"),
    response_type: z.literal("code"),
    scope,
    state: z.string().optional().describe("Returned unchanged on the callback (CSRF protection)"),
    code_challenge: z.string().optional().describe("PKCE: BASE64URL(SHA256(code_verifier))"),
    code_challenge_method: z.literal("S256").optional(),
  }),
  response: {
    200: {
      description: "The consent page, or an error page when the client or redirect_uri is wrong",
      content: { "text/html": { schema: z.string() } },
    },
    302: z.null().describe("To the log-in page, or to redirect_uri with the result"),
  },
};
