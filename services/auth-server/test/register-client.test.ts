import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sha256Hex } from "../src/crypto/opaque-secret";
import { oauthClients } from "../src/db/schema";
import { validateClientMetadata } from "../src/oauth/register-client";
import { startTestAuthServer, type TestAuthServer } from "./support/start-test-auth-server";

let server: TestAuthServer;

beforeAll(async () => {
  server = await startTestAuthServer();
});

afterAll(async () => {
  await server?.stop();
});

async function register(body: unknown, contentType = "application/json") {
  const response = await fetch(`${server.url}/mcp/oauth/register`, {
    method: "POST",
    headers: { "content-type": contentType },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  return {
    status: response.status,
    headers: response.headers,
    body: (await response.json()) as Record<string, unknown>,
  };
}

const valid = { client_name: "My Agent", redirect_uris: ["https://agent.example/callback"] };

describe("dynamic client registration (RFC 7591)", () => {
  it("registers a confidential client, returning its secret once and storing only its hash", async () => {
    const response = await register({ ...valid, scope: "shorturl:read shorturl:create" });
    expect(response.status).toBe(201);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const body = response.body;
    expect(body.client_id).toMatch(/^kurz_client_[A-Za-z0-9_-]{22}$/);
    expect(body.client_secret).toMatch(/^kurz_cs_/);
    expect(body).toMatchObject({
      client_name: "My Agent",
      redirect_uris: ["https://agent.example/callback"],
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
      token_endpoint_auth_method: "client_secret_basic",
      scope: "shorturl:read shorturl:create",
      client_secret_expires_at: 0,
    });
    const [row] = await server.server.ctx.db
      .select()
      .from(oauthClients)
      .where(eq(oauthClients.clientId, String(body.client_id)));
    expect(row?.secretHash).toBe(sha256Hex(String(body.client_secret)));
    expect(JSON.stringify(row)).not.toContain(String(body.client_secret));
  });

  it("registers a client asking for authorization_code alone with refresh_token as well, and says so", async () => {
    const response = await register({ ...valid, grant_types: ["authorization_code"] });
    expect(response.status).toBe(201);
    expect(response.body.grant_types).toEqual(["authorization_code", "refresh_token"]);
    const [row] = await server.server.ctx.db
      .select()
      .from(oauthClients)
      .where(eq(oauthClients.clientId, String(response.body.client_id)));
    expect(row?.grantTypes).toEqual(["authorization_code", "refresh_token"]);
  });

  it("registers a public client without a secret", async () => {
    const response = await register({ ...valid, token_endpoint_auth_method: "none" });
    expect(response.status).toBe(201);
    expect(response.body.client_secret).toBeUndefined();
    expect(response.body.token_endpoint_auth_method).toBe("none");
  });

  it("accepts loopback http redirect URIs in local development", async () => {
    const response = await register({
      ...valid,
      redirect_uris: ["http://localhost:8976/cb", "http://127.0.0.1/cb"],
    });
    expect(response.status).toBe(201);
  });

  it.each([
    [{ ...valid, redirect_uris: undefined }, "redirect_uris is required"],
    [{ ...valid, redirect_uris: [] }, "redirect_uris must contain at least one URI"],
    [{ ...valid, redirect_uris: ["http://agent.example/cb"] }, "must use https"],
    [{ ...valid, redirect_uris: ["https://agent.example/cb#frag"] }, "must not contain a fragment"],
    [{ ...valid, redirect_uris: ["/relative"] }, "is not an absolute URL"],
    [{ ...valid, redirect_uris: ["javascript:alert(1)"] }, "must use https"],
    [{ ...valid, redirect_uris: ["https://user:pw@agent.example/cb"] }, "must not contain credentials"],
  ])("refuses bad redirect URIs with invalid_redirect_uri (%#)", async (body, message) => {
    const response = await register(body);
    expect(response.status).toBe(400);
    expect(response.body.error).toBe("invalid_redirect_uri");
    expect(String(response.body.error_description)).toContain(message);
  });

  it.each([
    [{ redirect_uris: valid.redirect_uris }, "client_name is required"],
    [{ ...valid, client_name: 42 }, "client_name must be a string"],
    [{ ...valid, client_name: "x".repeat(101) }, "client_name is longer than 100 characters"],
    [{ ...valid, grant_types: ["client_credentials"] }, 'Unsupported grant type "client_credentials"'],
    [{ ...valid, grant_types: ["refresh_token"] }, "grant_types must include authorization_code"],
    [{ ...valid, response_types: ["token"] }, 'response_types must be ["code"]'],
    [
      { ...valid, token_endpoint_auth_method: "private_key_jwt" },
      'Unsupported token_endpoint_auth_method "private_key_jwt"',
    ],
    [{ ...valid, scope: "shorturl:read admin:all" }, 'Unknown scope "admin:all"'],
    [{ ...valid, scope: 7 }, "scope must be a string"],
    [["not", "an", "object"], "The registration request must be a JSON object"],
  ])("refuses bad metadata with invalid_client_metadata (%#)", async (body, message) => {
    const response = await register(body);
    expect(response.status).toBe(400);
    expect(response.body.error).toBe("invalid_client_metadata");
    expect(String(response.body.error_description)).toContain(message);
  });

  it("refuses a body that is not JSON", async () => {
    const broken = await register("{not json");
    expect(broken.body.error).toBe("invalid_client_metadata");
    const form = await register("client_name=x", "application/x-www-form-urlencoded");
    expect(form.body).toEqual({
      error: "invalid_client_metadata",
      error_description: "Content-Type must be application/json",
    });
  });

  it("stores nothing for a refused registration", async () => {
    const before = await server.server.ctx.db.select().from(oauthClients);
    await register({ ...valid, redirect_uris: ["http://evil.example/cb"] });
    expect(await server.server.ctx.db.select().from(oauthClients)).toHaveLength(before.length);
  });

  it("answers CORS preflights so browser-based clients can register", async () => {
    const response = await fetch(`${server.url}/mcp/oauth/register`, {
      method: "OPTIONS",
      headers: { origin: "https://inspector.example", "access-control-request-method": "POST" },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
  });
});

describe("redirect URI rules outside development", () => {
  it("refuses loopback http when loopback redirects are not allowed", () => {
    expect(() =>
      validateClientMetadata({ ...valid, redirect_uris: ["http://127.0.0.1:9/cb"] }, false),
    ).toThrow(/only allowed in development/);
    expect(
      validateClientMetadata({ ...valid, redirect_uris: ["https://127.0.0.1/cb"] }, false).redirectUris,
    ).toEqual(["https://127.0.0.1/cb"]);
  });
});
