import { createLogger } from "@kurz/logger";
import { createHttpApp } from "@kurz/service-runtime";
import { startTestIssuer, type TestIssuer } from "@kurz/testing";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accessTokenOf, createTokenVerifier, requireScope } from "../src";

describe("requireScope", () => {
  let issuer: TestIssuer;
  let app: FastifyInstance;
  const revoked = new Set<string>();

  beforeAll(async () => {
    issuer = await startTestIssuer();
    const verifier = createTokenVerifier({
      jwksUrl: issuer.jwksUrl,
      issuer: issuer.issuer,
      audience: issuer.audience,
      isRevoked: async (jti) => revoked.has(jti),
    });
    app = createHttpApp({ service: "test", logger: createLogger({ service: "test", level: "silent" }) }).app;
    app.get(
      "/api/v1/analytics/:id",
      { preHandler: requireScope(verifier, "analytics:read") },
      async (request) => {
        const token = accessTokenOf(request);
        return { success: true, account: token.accountId, client: token.clientId };
      },
    );
    await app.ready();
  });

  afterAll(async () => {
    await app.close();
    await issuer.stop();
  });

  const call = (authorization?: string) =>
    app.inject({
      method: "GET",
      url: "/api/v1/analytics/abc",
      headers: authorization ? { authorization } : {},
    });

  it("lets a token with the route's scope through, with the account from sub", async () => {
    const token = await issuer.mint({ accountId: "acc-1", scopes: ["analytics:read"], clientId: "cli" });
    const response = await call(`Bearer ${token}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, account: "acc-1", client: "cli" });
  });

  it("answers a token without the scope with 403 and the insufficient-scope body", async () => {
    const token = await issuer.mint({ accountId: "acc-1", scopes: ["shorturl:read", "qrcode:read"] });
    const response = await call(`Bearer ${token}`);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      success: false,
      error: "Insufficient scope",
      code: "INSUFFICIENT_SCOPE",
      required_scope: "analytics:read",
    });
    expect(response.headers["www-authenticate"]).toBe(
      'Bearer realm="kurz", error="insufficient_scope", scope="analytics:read"',
    );
  });

  it("answers a missing token with 401 and a bare Bearer challenge", async () => {
    const response = await call();
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ success: false, code: "AUTHENTICATION_REQUIRED" });
    expect(response.headers["www-authenticate"]).toBe('Bearer realm="kurz"');
  });

  it("refuses a malformed Authorization header as invalid_request", async () => {
    const response = await call("Basic dXNlcjpwYXNz");
    expect(response.statusCode).toBe(401);
    expect(response.headers["www-authenticate"]).toContain('error="invalid_request"');
  });

  it.each([
    ["expired", { expiresInSec: -120 }, "expired"],
    ["from another issuer", { issuer: "https://evil.example" }, "invalid"],
    ["for another audience", { audience: "other-api" }, "invalid"],
    ["not typed at+jwt (an ID token, say)", { typ: "JWT" }, "invalid"],
  ])("refuses a token %s with 401 invalid_token", async (_name, overrides, wording) => {
    const token = await issuer.mint({ accountId: "acc-1", scopes: ["analytics:read"], ...overrides });
    const response = await call(`Bearer ${token}`);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ success: false, code: "INVALID_TOKEN" });
    expect(response.json().error).toContain(wording);
    expect(response.headers["www-authenticate"]).toContain('error="invalid_token"');
  });

  it("refuses a token signed by a key outside the JWKS", async () => {
    const token = await issuer.mintForged({ accountId: "acc-1", scopes: ["analytics:read"] });
    expect((await call(`Bearer ${token}`)).statusCode).toBe(401);
  });

  it("refuses a revoked token by its jti", async () => {
    const token = await issuer.mint({ accountId: "acc-1", scopes: ["analytics:read"], jti: "revoked-jti" });
    expect((await call(`Bearer ${token}`)).statusCode).toBe(200);
    revoked.add("revoked-jti");
    const response = await call(`Bearer ${token}`);
    expect(response.statusCode).toBe(401);
    expect(response.json().error).toContain("revoked");
  });

  it("refuses an unsigned (alg none) token", async () => {
    const header = Buffer.from(JSON.stringify({ alg: "none", typ: "at+jwt" })).toString("base64url");
    const now = Math.floor(Date.now() / 1000);
    const claims = {
      sub: "acc-1",
      scope: "analytics:read",
      client_id: "c",
      jti: "j",
      iat: now,
      exp: now + 60,
      iss: issuer.issuer,
      aud: issuer.audience,
    };
    const token = `${header}.${Buffer.from(JSON.stringify(claims)).toString("base64url")}.`;
    expect((await call(`Bearer ${token}`)).statusCode).toBe(401);
  });
});
