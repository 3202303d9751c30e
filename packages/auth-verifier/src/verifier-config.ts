import { z } from "zod";
import { createTokenVerifier, type TokenVerifier, type TokenVerifierOptions } from "./token-verifier";

/** Config every resource server spreads into its schema. */
export const verifierConfigShape = {
  /** Public base URL of Kurz; access tokens carry it as `iss`. */
  PUBLIC_BASE_URL: z.url().default("http://localhost:8080"),
  /** Where auth-server answers inside the cluster (JWKS at /.well-known/jwks.json). */
  AUTH_SERVER_HTTP_URL: z.url().default("http://127.0.0.1:3001"),
  /** The `aud` of access tokens for the REST API. */
  API_AUDIENCE: z.string().min(1).default("kurz-api"),
  /** How long "not revoked" is believed per token: the most a revoked access token keeps working. */
  TOKEN_REVOCATION_CACHE_MS: z.coerce.number().int().min(0).max(300_000).default(10_000),
};

export interface VerifierConfig {
  PUBLIC_BASE_URL: string;
  AUTH_SERVER_HTTP_URL: string;
  API_AUDIENCE: string;
  TOKEN_REVOCATION_CACHE_MS?: number;
}

/** The issuer is the public base URL without a trailing slash (RFC 8414 §2). */
export function issuerOf(publicBaseUrl: string): string {
  return publicBaseUrl.replace(/\/+$/, "");
}

export function createVerifierFromConfig(
  config: VerifierConfig,
  extra: Pick<TokenVerifierOptions, "isRevoked"> = {},
): TokenVerifier {
  return createTokenVerifier({
    jwksUrl: `${config.AUTH_SERVER_HTTP_URL.replace(/\/+$/, "")}/.well-known/jwks.json`,
    issuer: issuerOf(config.PUBLIC_BASE_URL),
    audience: config.API_AUDIENCE,
    ...extra,
  });
}
