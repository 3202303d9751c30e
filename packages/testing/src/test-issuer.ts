import { randomUUID } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { CallTokenSource } from "@kurz/grpc";
import { exportJWK, generateKeyPair, type JWTPayload, SignJWT } from "jose";

export interface MintOptions {
  accountId: string;
  scopes: readonly string[];
  clientId?: string;
  expiresInSec?: number;
  /** Override claims or headers to produce deliberately bad tokens. */
  issuer?: string;
  audience?: string;
  typ?: string;
  jti?: string;
}

/** A service's own token (client_credentials at auth-server): `sub` = `client_id` = the service. */
export interface ServiceMintOptions {
  service: string;
  /** The callee. */
  audience: string;
  expiresInSec?: number;
  /** An account this token claims to act for (`act`): an internal account token. */
  accountId?: string;
  scopes?: readonly string[];
  /** The API key an internal account token was exchanged for (`key_id`). */
  keyId?: string;
}

/** The secret every service presents at the test issuer's internal token endpoint. */
export const TEST_SERVICE_CLIENT_SECRET = "test-service-client-secret";

export interface TestIssuer {
  jwksUrl: string;
  /** Base URL of the fake auth server (JWKS at /.well-known/jwks.json), as AUTH_SERVER_HTTP_URL. */
  baseUrl: string;
  issuer: string;
  audience: string;
  mint(options: MintOptions): Promise<string>;
  /** Signs with a key that is NOT in the JWKS (a forged token). */
  mintForged(options: MintOptions): Promise<string>;
  /**
   * A service token for `audience`, or with `accountId` an internal account token (`act` = the
   * service), as auth-server's internal token endpoint issues them.
   */
  mintService(options: ServiceMintOptions): Promise<string>;
  /**
   * The tokens a service sends, minted here directly (no HTTP): a gRPC client's `auth.tokens`.
   * An API key "acct:<account id>" stands for a key of that account with every given scope.
   */
  tokensFor(service: string, scopes?: readonly string[]): CallTokenSource;
  /** Service tokens issued over HTTP at `/internal/oauth/token` so far. */
  readonly internalTokenRequests: number;
  stop(): Promise<void>;
}

/**
 * A stand-in for auth-server's token side in service tests: real ES256 keys, a real JWKS over
 * HTTP, and RFC 9068 access tokens with the claims auth-server issues. Lets a resource server be
 * tested alone; the cross-service flows use the real auth-server.
 */
export async function startTestIssuer(
  options: {
    issuer?: string;
    audience?: string;
    /**
     * The timeline of service and internal tokens (mintService, tokensFor, the token endpoint):
     * the clock of the service that verifies them, when a test moves it forward.
     */
    clock?: { now(): Date };
  } = {},
): Promise<TestIssuer> {
  const issuer = options.issuer ?? "http://localhost:8080";
  const audience = options.audience ?? "kurz-api";
  const kid = `test-${randomUUID()}`;
  const { publicKey, privateKey } = await generateKeyPair("ES256", { extractable: true });
  const forged = await generateKeyPair("ES256");
  const jwk = { ...(await exportJWK(publicKey)), kid, alg: "ES256", use: "sig" };

  let internalTokenRequests = 0;
  const signClaims = (claims: JWTPayload, expiresInSec: number) => {
    const now = Math.floor((options.clock?.now() ?? new Date()).getTime() / 1000);
    return new SignJWT(claims)
      .setProtectedHeader({ alg: "ES256", kid, typ: "at+jwt" })
      .setIssuer(issuer)
      .setIssuedAt(now)
      .setExpirationTime(now + expiresInSec)
      .setJti(randomUUID())
      .sign(privateKey);
  };
  const mintService = (mint: ServiceMintOptions) =>
    signClaims(
      mint.accountId === undefined
        ? { sub: mint.service, aud: mint.audience, client_id: mint.service, scope: "" }
        : {
            sub: mint.accountId,
            aud: mint.audience,
            client_id: mint.service,
            act: { sub: mint.service },
            scope: (mint.scopes ?? []).join(" "),
            ...(mint.keyId ? { key_id: mint.keyId } : {}),
          },
      mint.expiresInSec ?? 300,
    );

  // auth-server's internal token endpoint, client_credentials only, for services started from
  // their environment (AUTH_SERVER_HTTP_URL = baseUrl, SERVICE_CLIENT_SECRET = the constant).
  const issueServiceToken = async (request: http.IncomingMessage, response: http.ServerResponse) => {
    let body = "";
    for await (const chunk of request) body += chunk;
    const form = new URLSearchParams(body);
    const basic = Buffer.from((request.headers.authorization ?? "").replace(/^Basic /i, ""), "base64")
      .toString("utf8")
      .split(":");
    const audience = form.get("audience");
    const json = (status: number, value: unknown) => {
      response.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(value));
    };
    if (decodeURIComponent(basic[1] ?? "") !== TEST_SERVICE_CLIENT_SECRET || !basic[0]) {
      return json(401, { error: "invalid_client", error_description: "wrong service secret" });
    }
    if (form.get("grant_type") !== "client_credentials" || !audience) {
      return json(400, { error: "unsupported_grant_type", error_description: "client_credentials only" });
    }
    internalTokenRequests++;
    const token = await mintService({ service: decodeURIComponent(basic[0]), audience });
    return json(200, { access_token: token, token_type: "Bearer", expires_in: 300 });
  };

  const server = http.createServer((request, response) => {
    if (request.url === "/internal/oauth/token" && request.method === "POST") {
      issueServiceToken(request, response).catch(() => response.writeHead(500).end());
      return;
    }
    if (request.url === "/.well-known/jwks.json") {
      response.writeHead(200, { "content-type": "application/json" });
      response.end(JSON.stringify({ keys: [jwk] }));
      return;
    }
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const sign = (key: Parameters<SignJWT["sign"]>[0], mint: MintOptions) => {
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({ client_id: mint.clientId ?? "test-client", scope: mint.scopes.join(" ") })
      .setProtectedHeader({ alg: "ES256", kid, typ: mint.typ ?? "at+jwt" })
      .setSubject(mint.accountId)
      .setIssuer(mint.issuer ?? issuer)
      .setAudience(mint.audience ?? audience)
      .setIssuedAt(now)
      .setExpirationTime(now + (mint.expiresInSec ?? 3600))
      .setJti(mint.jti ?? randomUUID())
      .sign(key);
  };

  return {
    jwksUrl: `${baseUrl}/.well-known/jwks.json`,
    baseUrl,
    issuer,
    audience,
    mint: (mint) => sign(privateKey, mint),
    mintForged: (mint) => sign(forged.privateKey, mint),
    mintService,
    tokensFor: (service, scopes = []) => ({
      serviceToken: (audience) => mintService({ service, audience }),
      apiKeyToken: (apiKey, audience) =>
        mintService({ service, audience, accountId: apiKey.replace(/^acct:/, ""), scopes }),
    }),
    get internalTokenRequests() {
      return internalTokenRequests;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
