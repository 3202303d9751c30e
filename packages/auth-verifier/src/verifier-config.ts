import type { CallAuthenticator } from "@kurz/grpc";
import { z } from "zod";
import { createCallAuthenticator } from "./call-authenticator";
import type { RoleLookup } from "./membership-check";
import {
  type Clock,
  createTokenVerifier,
  type TokenVerifier,
  type TokenVerifierOptions,
} from "./token-verifier";

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

const jwksUrlOf = (config: VerifierConfig) =>
  `${config.AUTH_SERVER_HTTP_URL.replace(/\/+$/, "")}/.well-known/jwks.json`;

/** A resource server's verifier: `roleOf` is required, so every service checks memberships. */
export function createVerifierFromConfig(
  config: VerifierConfig,
  extra: Pick<TokenVerifierOptions, "isRevoked"> & Required<Pick<TokenVerifierOptions, "roleOf">>,
): TokenVerifier {
  return createTokenVerifier({
    jwksUrl: jwksUrlOf(config),
    issuer: issuerOf(config.PUBLIC_BASE_URL),
    audience: config.API_AUDIENCE,
    ...extra,
  });
}

/**
 * How `service`'s gRPC server verifies its callers (`authenticate` of createGrpcServer): service
 * and internal tokens for `service`, and end users' access tokens (API_AUDIENCE) forwarded by a
 * service, revocation included.
 */
export function createCallAuthenticatorFromConfig(
  config: VerifierConfig,
  service: string,
  options: { isRevoked?: (jti: string) => Promise<boolean>; roleOf?: RoleLookup; clock?: Clock } = {},
): CallAuthenticator {
  return createCallAuthenticator({
    service,
    issuer: issuerOf(config.PUBLIC_BASE_URL),
    apiAudience: config.API_AUDIENCE,
    jwksUrl: jwksUrlOf(config),
    ...options,
  });
}
