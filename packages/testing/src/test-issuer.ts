import { randomUUID } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { exportJWK, generateKeyPair, SignJWT } from "jose";

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

export interface TestIssuer {
  jwksUrl: string;
  /** Base URL of the fake auth server (JWKS at /.well-known/jwks.json), as AUTH_SERVER_HTTP_URL. */
  baseUrl: string;
  issuer: string;
  audience: string;
  mint(options: MintOptions): Promise<string>;
  /** Signs with a key that is NOT in the JWKS (a forged token). */
  mintForged(options: MintOptions): Promise<string>;
  stop(): Promise<void>;
}

/**
 * A stand-in for auth-server's token side in service tests: real ES256 keys, a real JWKS over
 * HTTP, and RFC 9068 access tokens with the claims auth-server issues. Lets a resource server be
 * tested alone; the cross-service flows use the real auth-server.
 */
export async function startTestIssuer(
  options: { issuer?: string; audience?: string } = {},
): Promise<TestIssuer> {
  const issuer = options.issuer ?? "http://localhost:8080";
  const audience = options.audience ?? "kurz-api";
  const kid = `test-${randomUUID()}`;
  const { publicKey, privateKey } = await generateKeyPair("ES256", { extractable: true });
  const forged = await generateKeyPair("ES256");
  const jwk = { ...(await exportJWK(publicKey)), kid, alg: "ES256", use: "sig" };

  const server = http.createServer((request, response) => {
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
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
