import { createCallAuthenticator } from "@kurz/auth-verifier";
import { type AppError, isAppError } from "@kurz/errors";
import { createGrpcClient, createServiceTokens, internalTokenUrl } from "@kurz/grpc";
import { authV1 } from "@kurz/proto";
import { decodeJwt, decodeProtectedHeader } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setAccountPlan } from "../src/accounts/set-account-plan";
import { Browser, hiddenFields } from "./support/browser";
import { postToken, registerClient, tokensFor } from "./support/oauth-helpers";
import {
  startTestAuthServer,
  type TestAuthServer,
  testServiceSecret,
} from "./support/start-test-auth-server";

const PASSWORD = "a long enough password";
let server: TestAuthServer;

beforeAll(async () => {
  server = await startTestAuthServer();
});

afterAll(async () => {
  await server?.stop();
});

const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString("base64")}`;

async function internalToken(form: Record<string, string>, authorization?: string) {
  const response = await fetch(internalTokenUrl(server.url), {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      ...(authorization ? { authorization } : {}),
    },
    body: new URLSearchParams(form),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function failure(call: Promise<unknown>): Promise<AppError> {
  const error = await call.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  if (!isAppError(error)) throw new Error(`expected an AppError, got ${String(error)}`);
  return error;
}

function tokensOf(service: string) {
  return createServiceTokens({
    tokenUrl: internalTokenUrl(server.url),
    clientId: service,
    clientSecret: testServiceSecret(service),
    clock: server.clock,
  });
}

async function mcpKey(email: string, plan: string, permissions: string[]): Promise<string> {
  const browser = new Browser(server.url);
  expect((await browser.signUp(email, PASSWORD)).status).toBe(303);
  if (plan !== "free") await setAccountPlan({ db: server.server.ctx.db, now: new Date() }, email, plan);
  const page = await browser.get("/account/api-keys");
  const created = await browser.post("/account/api-keys", {
    ...hiddenFields(page.body, "/account/api-keys"),
    name: "agent",
    permissions,
  });
  const secret = /<p class="secret"[^>]*>([^<]+)<\/p>/.exec(created.body)?.[1];
  if (!secret) throw new Error(`no key created: ${created.status}`);
  return secret;
}

describe("the internal token endpoint: services get tokens for one callee", () => {
  it("issues a service its own short-lived token for one callee (client_credentials)", async () => {
    const { status, body } = await internalToken(
      { grant_type: "client_credentials", audience: "link-api" },
      basic("redirector", testServiceSecret("redirector")),
    );

    expect(status).toBe(200);
    expect(body).toMatchObject({ token_type: "Bearer", expires_in: 300 });
    const token = body.access_token as string;
    expect(decodeProtectedHeader(token).typ).toBe("at+jwt");
    const claims = decodeJwt(token);
    expect(claims).toMatchObject({
      iss: server.url,
      sub: "redirector",
      client_id: "redirector",
      aud: "link-api",
    });
    expect((claims.exp ?? 0) - (claims.iat ?? 0)).toBe(300);
    // The callee verifies it against the published JWKS.
    const linkApi = createCallAuthenticator({
      service: "link-api",
      issuer: server.url,
      jwksUrl: `${server.url}/.well-known/jwks.json`,
    });
    const metadata = { get: (key: string) => (key === "authorization" ? [`Bearer ${token}`] : []) };
    expect(await linkApi(metadata as never)).toMatchObject({ service: "redirector", accountId: undefined });
  });

  it("refuses a wrong secret, an unknown service and an OAuth client (invalid_client, 401)", async () => {
    const form = { grant_type: "client_credentials", audience: "link-api" };
    for (const authorization of [
      basic("redirector", "not-the-secret-of-redirector"),
      basic("auth-server", testServiceSecret("auth-server")),
      basic("chatgpt", "whatever-secret-it-has"),
      undefined,
    ]) {
      const { status, body } = await internalToken(form, authorization);
      expect(status, authorization).toBe(401);
      expect(body.error).toBe("invalid_client");
    }
  });

  it("refuses an audience that is no Kurz service, and any other grant", async () => {
    const auth = basic("redirector", testServiceSecret("redirector"));

    expect(
      (await internalToken({ grant_type: "client_credentials", audience: "evil" }, auth)).body.error,
    ).toBe("invalid_target");
    expect((await internalToken({ grant_type: "client_credentials" }, auth)).body.error).toBe(
      "invalid_request",
    );
    expect((await internalToken({ grant_type: "password" }, auth)).body.error).toBe("unsupported_grant_type");
  });

  it("is not the public token endpoint: /mcp/oauth/token knows no client_credentials", async () => {
    const response = await postToken(
      server.url,
      { grant_type: "client_credentials", audience: "link-api" },
      { authorization: basic("redirector", testServiceSecret("redirector")) },
    );

    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(["unsupported_grant_type", "invalid_client"]).toContain(response.body.error);
  });
});

describe("token exchange: an MCP API key becomes a token for its account (RFC 8693)", () => {
  it("issues a token for the key's account with the key's scopes, naming the exchanging service in act", async () => {
    const key = await mcpKey("agent@example.com", "pro", ["mcp", "shorturl:read", "analytics:read"]);

    const token = await tokensOf("mcp-gateway").apiKeyToken(key, "link-api");

    const claims = decodeJwt(token);
    expect(claims).toMatchObject({
      aud: "link-api",
      client_id: "mcp-gateway",
      act: { sub: "mcp-gateway" },
      scope: "shorturl:read analytics:read",
    });
    expect(claims.sub).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("keeps a key's webhook and A/B test scopes after a downgrade (the plan never narrows scopes)", async () => {
    const email = "downgraded-agent@example.com";
    const key = await mcpKey(email, "business", ["mcp", "shorturl:read", "webhook:read", "webhook:write"]);
    await setAccountPlan({ db: server.server.ctx.db, now: new Date() }, email, "pro");

    const token = await tokensOf("mcp-gateway").apiKeyToken(key, "webhook-dispatcher");

    // webhook-dispatcher lists and deletes the paused endpoints; it refuses creating one.
    expect(decodeJwt(token).scope).toBe("shorturl:read webhook:read webhook:write");
  });

  it("refuses keys exactly as VerifyApiKey does, with its codes", async () => {
    const tokens = tokensOf("mcp-gateway");
    const free = await mcpKey("free-agent@example.com", "free", ["shorturl:read"]);

    expect((await failure(tokens.apiKeyToken("kurz_unknown", "link-api"))).code).toBe(
      "AUTHENTICATION_REQUIRED",
    );
    expect((await failure(tokens.apiKeyToken(free, "link-api"))).code).toBe("PLAN_REQUIRED");
  });

  it("mints an account token for auth-server too: its WorkspaceService acts for accounts (workspace-grpc.test.ts)", async () => {
    const key = await mcpKey("agent2@example.com", "pro", ["mcp"]);

    const { status, body } = await internalToken(
      {
        grant_type: "urn:ietf:params:oauth:grant-type:token-exchange",
        subject_token: key,
        subject_token_type: "urn:kurz:params:oauth:token-type:api-key",
        audience: "auth-server",
      },
      basic("mcp-gateway", testServiceSecret("mcp-gateway")),
    );

    expect(status).toBe(200);
    expect(decodeJwt(body.access_token as string)).toMatchObject({
      aud: "auth-server",
      act: { sub: "mcp-gateway" },
    });
  });
});

describe("AuthService answers authenticated services only", () => {
  const client = (options: Parameters<typeof createGrpcClient>[2] = {}) =>
    createGrpcClient(authV1.AuthService, server.grpcAddress, {
      deadlineMs: 3000,
      retry: { maxAttempts: 1 },
      ...options,
    });

  it("answers a service that presents its token", async () => {
    const grpc = client({ auth: server.serviceAuth("analytics-ingest") });
    try {
      const missing = await failure(grpc.getAccount({ accountId: "00000000-0000-4000-8000-000000000000" }));
      // Past authentication: the handler itself answered.
      expect(missing.code).toBe("NOT_FOUND");
    } finally {
      grpc.close();
    }
  });

  it("refuses a call that only claims an account in x-kurz-account-id (AUTHENTICATION_REQUIRED)", async () => {
    const grpc = client({ metadata: { "x-kurz-account-id": "00000000-0000-4000-8000-000000000000" } });
    try {
      expect((await failure(grpc.getAccount({ accountId: "x" }))).code).toBe("AUTHENTICATION_REQUIRED");
      expect((await failure(grpc.verifyApiKey({ apiKey: "kurz_x" }))).code).toBe("AUTHENTICATION_REQUIRED");
    } finally {
      grpc.close();
    }
  });

  it("refuses a service token meant for another service (FORBIDDEN), and an end user's access token that no service forwards", async () => {
    const browser = new Browser(server.url);
    await browser.signUp("person@example.com", PASSWORD);
    const user = await tokensFor(server.url, browser, await registerClient(server.url), "account:read");
    const elsewhere = client({ auth: server.serviceAuth("analytics-ingest", "link-api") });
    const person = client({ metadata: { authorization: `Bearer ${user.access_token}` } });
    try {
      expect((await failure(elsewhere.isTokenRevoked({ jti: "x" }))).code).toBe("FORBIDDEN");
      // auth-server's WorkspaceService accepts forwarded person tokens, but a person's token alone
      // does not say which service calls: refused before any method is considered.
      expect((await failure(person.isTokenRevoked({ jti: "x" }))).code).toBe("AUTHENTICATION_REQUIRED");
    } finally {
      elsewhere.close();
      person.close();
    }
  });

  // Last: the clock only moves forward.
  it("refuses a service token once the server's clock passed its expiry", async () => {
    const token = await tokensOf("link-api").serviceToken("auth-server");
    const grpc = client({ metadata: { authorization: `Bearer ${token}` } });
    try {
      expect((await grpc.isTokenRevoked({ jti: "x" })).revoked).toBe(false);
      // 300 s lifetime plus the 5 s tolerance for clock skew between replicas.
      server.clock.advance(306_000);
      expect((await failure(grpc.isTokenRevoked({ jti: "x" }))).code).toBe("AUTHENTICATION_REQUIRED");
    } finally {
      grpc.close();
    }
  });
});
