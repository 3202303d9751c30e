import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { oauthClients } from "../src/db/schema";
import { Browser, hiddenFields } from "./support/browser";
import {
  authorizeUrl,
  CALLBACK,
  codeFor,
  consent,
  getAccountWith,
  pkcePair,
  postToken,
  type RegisteredClient,
  registerClient,
  type TokenSet,
  tokensFor,
} from "./support/oauth-helpers";
import { startTestAuthServer, type TestAuthServer } from "./support/start-test-auth-server";

const EMAIL = "errors@example.com";
const PASSWORD = "a long enough password";
let server: TestAuthServer;
let browser: Browser;
let client: RegisteredClient;
let publicClient: RegisteredClient;

beforeAll(async () => {
  server = await startTestAuthServer();
  browser = new Browser(server.url);
  expect((await browser.signUp(EMAIL, PASSWORD)).status).toBe(303);
  client = await registerClient(server.url, { token_endpoint_auth_method: "client_secret_post" });
  publicClient = await registerClient(server.url, { token_endpoint_auth_method: "none" });
});

afterAll(async () => {
  await server?.stop();
});

const exchange = (code: string, overrides: Record<string, string> = {}) =>
  postToken(server.url, {
    grant_type: "authorization_code",
    code,
    redirect_uri: CALLBACK,
    client_id: client.client_id,
    client_secret: client.client_secret ?? "",
    ...overrides,
  });

const refresh = (token: string) =>
  postToken(server.url, {
    grant_type: "refresh_token",
    refresh_token: token,
    client_id: client.client_id,
    client_secret: client.client_secret ?? "",
  });

describe("authorization code", () => {
  it("answers a token request with no-store caching", async () => {
    const response = await exchange(await codeFor(browser, client));
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.body.token_type).toBe("Bearer");
  });

  it("refuses a code after 10 minutes with an expiry message", async () => {
    const code = await codeFor(browser, client);
    server.clock.advance(10 * 60_000 + 1000);
    const response = await exchange(code);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      error: "invalid_grant",
      error_description: "The authorization code has expired",
    });
  });

  it("refuses a redirect_uri different from the authorization request's, leaving the code usable", async () => {
    const code = await codeFor(browser, client);
    const mismatch = await exchange(code, { redirect_uri: "http://127.0.0.1:9/other" });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.error).toBe("invalid_grant");
    expect(mismatch.body.error_description).toMatch(/redirect_uri mismatch/);
    expect((await exchange(code)).status).toBe(200);
  });

  it("refuses a reused code and revokes every token issued with it", async () => {
    const code = await codeFor(browser, client);
    const first = await exchange(code);
    expect(first.status).toBe(200);
    const tokens = first.body as unknown as TokenSet;
    expect((await getAccountWith(server.url, tokens.access_token)).status).toBe(200);

    const reuse = await exchange(code);
    expect(reuse.status).toBe(400);
    expect(reuse.body.error).toBe("invalid_grant");
    expect(reuse.body.error_description).toMatch(/already been used/);

    expect((await getAccountWith(server.url, tokens.access_token)).status).toBe(401);
    const afterReuse = await refresh(tokens.refresh_token);
    expect(afterReuse.body).toEqual({
      error: "invalid_grant",
      error_description: "The refresh token has been revoked or already used",
    });
  });

  it("refuses a code verifier that does not match the challenge", async () => {
    const { challenge } = pkcePair();
    const code = await codeFor(browser, publicClient, { challenge });
    const response = await postToken(server.url, {
      grant_type: "authorization_code",
      code,
      redirect_uri: CALLBACK,
      client_id: publicClient.client_id,
      code_verifier: pkcePair().verifier,
    });
    expect(response.status).toBe(400);
    expect(response.body.error).toBe("invalid_grant");
    expect(response.body.error_description).toMatch(/PKCE verification failed/);
  });

  it("refuses an unknown code", async () => {
    const response = await exchange("kurz_ac_not-a-real-code");
    expect(response.body).toEqual({
      error: "invalid_grant",
      error_description: "The authorization code is invalid",
    });
  });
});

describe("refresh token", () => {
  it("rotates on every use and treats reuse of an old token as theft, revoking the family", async () => {
    const tokens = await tokensFor(server.url, browser, client);
    const second = await refresh(tokens.refresh_token);
    expect(second.status).toBe(200);
    const rotated = second.body as unknown as TokenSet;
    expect(rotated.refresh_token).not.toBe(tokens.refresh_token);

    const reuse = await refresh(tokens.refresh_token);
    expect(reuse.status).toBe(400);
    expect(reuse.body).toEqual({
      error: "invalid_grant",
      error_description: "The refresh token has been revoked or already used",
    });
    // The whole family is gone: the newest refresh token and the access tokens issued with it.
    expect((await refresh(rotated.refresh_token)).body.error).toBe("invalid_grant");
    expect((await getAccountWith(server.url, rotated.access_token)).status).toBe(401);
    expect((await getAccountWith(server.url, tokens.access_token)).status).toBe(401);
  });

  it("refuses a refresh token after 30 days", async () => {
    const tokens = await tokensFor(server.url, browser, client);
    server.clock.advance(30 * 86_400_000 + 1000);
    expect((await refresh(tokens.refresh_token)).body).toEqual({
      error: "invalid_grant",
      error_description: "The refresh token has expired",
    });
    // The browser session did not survive 30 days either.
    expect((await browser.get("/account")).status).toBe(302);
    expect((await browser.logIn(EMAIL, PASSWORD)).status).toBe(303);
  });

  it("refuses a refresh token presented by another client", async () => {
    const tokens = await tokensFor(server.url, browser, client);
    const other = await registerClient(server.url);
    const response = await postToken(server.url, {
      grant_type: "refresh_token",
      refresh_token: tokens.refresh_token,
      client_id: other.client_id,
      client_secret: other.client_secret ?? "",
    });
    expect(response.body.error).toBe("invalid_grant");
  });

  it("authenticates the client before the refresh token is used: a wrong secret burns nothing", async () => {
    const tokens = await tokensFor(server.url, browser, client);
    const form = {
      grant_type: "refresh_token",
      refresh_token: tokens.refresh_token,
      client_id: client.client_id,
    };
    const refused = await Promise.all([
      postToken(server.url, { ...form, client_secret: "kurz_cs_wrong" }),
      // A confidential client without its secret.
      postToken(server.url, form),
    ]);
    for (const response of refused) {
      expect(response.status).toBe(401);
      expect(response.body).toEqual({
        error: "invalid_client",
        error_description: "Client authentication failed",
      });
    }
    // The token was neither rotated nor taken for a reuse: it still refreshes, once.
    const rotated = await refresh(tokens.refresh_token);
    expect(rotated.status).toBe(200);
    expect(rotated.body.refresh_token).toMatch(/_rt_/);
  });

  it("answers the client's authentication before a missing refresh token", async () => {
    const form = { grant_type: "refresh_token", client_id: client.client_id };
    const wrongSecret = await postToken(server.url, { ...form, client_secret: "kurz_cs_wrong" });
    expect(wrongSecret.status).toBe(401);
    expect(wrongSecret.body.error).toBe("invalid_client");
    const missing = await postToken(server.url, { ...form, client_secret: client.client_secret ?? "" });
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({
      error: "invalid_request",
      error_description: "Missing required parameter: refresh_token",
    });
  });
});

describe("client authentication and request errors (OAuth error codes)", () => {
  it("answers a wrong client secret with 401 invalid_client and a challenge", async () => {
    const response = await exchange(await codeFor(browser, client), { client_secret: "kurz_cs_wrong" });
    expect(response.status).toBe(401);
    expect(response.body.error).toBe("invalid_client");
    expect(response.headers.get("www-authenticate")).toMatch(/^Basic realm=/);
  });

  it("accepts client_secret_basic with the same secret", async () => {
    const code = await codeFor(browser, client);
    const basic = Buffer.from(`${client.client_id}:${client.client_secret}`).toString("base64");
    const response = await postToken(
      server.url,
      { grant_type: "authorization_code", code, redirect_uri: CALLBACK },
      { authorization: `Basic ${basic}` },
    );
    expect(response.status).toBe(200);
  });

  it("answers an unknown client with 401 invalid_client", async () => {
    const response = await postToken(server.url, {
      grant_type: "refresh_token",
      refresh_token: "x",
      client_id: "kurz_client_nobody",
      client_secret: "x",
    });
    expect(response.status).toBe(401);
    expect(response.body.error).toBe("invalid_client");
  });

  it("answers an unknown client and a wrong secret alike: same status, body and challenge", async () => {
    const code = await codeFor(browser, client);
    const form = { grant_type: "authorization_code", code, redirect_uri: CALLBACK };
    const answers = await Promise.all([
      postToken(server.url, { ...form, client_id: "kurz_client_nobody", client_secret: "kurz_cs_wrong" }),
      postToken(server.url, { ...form, client_id: client.client_id, client_secret: "kurz_cs_wrong" }),
      // A confidential client without its secret, a public client with one, an unknown one without.
      postToken(server.url, { ...form, client_id: client.client_id }),
      postToken(server.url, { ...form, client_id: publicClient.client_id, client_secret: "kurz_cs_wrong" }),
      postToken(server.url, { ...form, client_id: "kurz_client_nobody" }),
      postToken(server.url, form, {
        authorization: `Basic ${Buffer.from("kurz_client_nobody:kurz_cs_wrong").toString("base64")}`,
      }),
    ]);
    for (const answer of answers) {
      expect(answer.status).toBe(401);
      expect(answer.body).toEqual({
        error: "invalid_client",
        error_description: "Client authentication failed",
      });
      expect(answer.headers.get("www-authenticate")).toBe('Basic realm="kurz", charset="UTF-8"');
    }
    // None of them spent the code.
    expect((await exchange(code)).status).toBe(200);
  });

  it.each([
    [{ grant_type: undefined }, "Missing required parameter: grant_type"],
    [{ code: undefined }, "Missing required parameter: code"],
    [{ redirect_uri: undefined }, "Missing required parameter: redirect_uri"],
  ])("answers a token request missing a parameter with invalid_request (%o)", async (omit, description) => {
    const form: Record<string, string> = {
      grant_type: "authorization_code",
      code: "some-code",
      redirect_uri: CALLBACK,
      client_id: client.client_id,
      client_secret: client.client_secret ?? "",
    };
    for (const name of Object.keys(omit)) delete form[name];
    const response = await postToken(server.url, form);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: "invalid_request", error_description: description });
  });

  it("answers a missing code_verifier (PKCE was used) with invalid_request", async () => {
    const code = await codeFor(browser, publicClient, { challenge: pkcePair().challenge });
    const response = await postToken(server.url, {
      grant_type: "authorization_code",
      code,
      redirect_uri: CALLBACK,
      client_id: publicClient.client_id,
    });
    expect(response.body).toEqual({
      error: "invalid_request",
      error_description: "Missing required parameter: code_verifier",
    });
  });

  it("refuses repeated parameters, unknown grant types and non-form bodies", async () => {
    const repeated = await fetch(`${server.url}/mcp/oauth/token`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "grant_type=refresh_token&grant_type=refresh_token",
    });
    expect(((await repeated.json()) as { error: string }).error).toBe("invalid_request");
    expect((await postToken(server.url, { grant_type: "password" })).body.error).toBe(
      "unsupported_grant_type",
    );
    const json = await fetch(`${server.url}/mcp/oauth/token`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ grant_type: "refresh_token" }),
    });
    expect(json.status).toBe(400);
    expect(await json.json()).toEqual({
      error: "invalid_request",
      error_description: "Content-Type must be application/x-www-form-urlencoded",
    });
  });

  it("refuses the refresh grant to a client whose registration lacks it (unauthorized_client)", async () => {
    // Dynamic registration now always adds refresh_token (RFC 7591 lets the server decide), so
    // a client without it is one whose grant was taken away, e.g. by an operator.
    const codeOnly = await registerClient(server.url, { grant_types: ["authorization_code"] });
    await server.server.ctx.db
      .update(oauthClients)
      .set({ grantTypes: ["authorization_code"] })
      .where(eq(oauthClients.clientId, codeOnly.client_id));
    const tokens = await tokensFor(server.url, browser, codeOnly);
    expect(tokens.refresh_token).toBeUndefined();
    const response = await postToken(server.url, {
      grant_type: "refresh_token",
      refresh_token: "kurz_rt_anything",
      client_id: codeOnly.client_id,
      client_secret: codeOnly.client_secret ?? "",
    });
    expect(response.body.error).toBe("unauthorized_client");
  });
});

describe("authorization endpoint", () => {
  const base = () => ({
    client_id: client.client_id,
    redirect_uri: CALLBACK,
    response_type: "code",
    scope: "shorturl:read",
    state: "xyz",
  });

  it("shows an error page, and never redirects, for an unregistered redirect URI", async () => {
    const page = await browser.get(
      authorizeUrl({ ...base(), redirect_uri: "https://evil.example/callback" }),
    );
    expect(page.status).toBe(400);
    expect(page.location).toBeUndefined();
    expect(page.body).toContain("Invalid redirect URI");
  });

  it("shows an error page for an unknown client or a missing client_id", async () => {
    const unknown = await browser.get(authorizeUrl({ ...base(), client_id: "kurz_client_unknown" }));
    expect(unknown.status).toBe(400);
    expect(unknown.body).toContain("Unknown application");
    const missing = await browser.get(authorizeUrl({ ...base(), client_id: undefined }));
    expect(missing.status).toBe(400);
    expect(missing.location).toBeUndefined();
  });

  it("shows the workflow-automation client as coming soon", async () => {
    const page = await browser.get(authorizeUrl({ ...base(), client_id: "zapier" }));
    expect(page.status).toBe(403);
    expect(page.body).toContain("Zapier is coming soon");
  });

  it("redirects errors it can attribute to the client, with state and iss", async () => {
    const missingType = await consent(browser, { ...base(), response_type: undefined });
    expect(missingType.origin + missingType.pathname).toBe(CALLBACK);
    expect(missingType.searchParams.get("error")).toBe("invalid_request");
    expect(missingType.searchParams.get("state")).toBe("xyz");
    expect(missingType.searchParams.get("iss")).toBe(server.url);

    const token = await consent(browser, { ...base(), response_type: "token" });
    expect(token.searchParams.get("error")).toBe("unsupported_response_type");
    const unknownScope = await consent(browser, { ...base(), scope: "everything:all" });
    expect(unknownScope.searchParams.get("error")).toBe("invalid_scope");
    const noScope = await consent(browser, { ...base(), scope: undefined });
    expect(noScope.searchParams.get("error")).toBe("invalid_request");
  });

  it("accepts only S256 and requires PKCE from public clients", async () => {
    const plain = await consent(browser, {
      ...base(),
      code_challenge: pkcePair().challenge,
      code_challenge_method: "plain",
    });
    expect(plain.searchParams.get("error")).toBe("invalid_request");
    expect(plain.searchParams.get("error_description")).toBe("Only code_challenge_method S256 is supported");
    const noPkce = await consent(browser, { ...base(), client_id: publicClient.client_id });
    expect(noPkce.searchParams.get("error_description")).toBe(
      "PKCE (code_challenge with S256) is required for public clients",
    );
  });

  it("grants every scope on every plan: a Free account consents to the webhook and A/B test scopes", async () => {
    // Scopes say what a credential may do; the plan is enforced by the owning services
    // (PLAN_REQUIRED when creating or running), so a downgraded account can still list and delete.
    const params = { ...base(), scope: "shorturl:read webhook:read webhook:write abtest:read abtest:write" };
    const allowed = await consent(browser, params);
    expect(allowed.searchParams.get("error")).toBeNull();
    expect(allowed.searchParams.get("code")).toBeTruthy();
    expect(allowed.searchParams.get("state")).toBe("xyz");
  });

  it("redirects with access_denied and the state when the person denies", async () => {
    const denied = await consent(browser, base(), "deny");
    expect(denied.searchParams.get("error")).toBe("access_denied");
    expect(denied.searchParams.get("state")).toBe("xyz");
    expect(denied.searchParams.get("code")).toBeNull();
  });

  it("refuses a consent decision without a CSRF token, issuing no code", async () => {
    const page = await browser.get(authorizeUrl(base()));
    const { csrf_token: _dropped, ...fields } = hiddenFields(page.body, "/auth/consent");
    const answer = await browser.post("/auth/consent", { ...fields, decision: "allow" });
    expect(answer.status).toBe(403);
    expect(answer.location).toBeUndefined();
    expect(answer.body).toContain("This request expired");

    const forged = await browser.post("/auth/consent", {
      ...fields,
      csrf_token: "forged",
      decision: "allow",
    });
    expect(forged.status).toBe(403);
  });

  it("refuses a consent form from another browser (the token is bound to the session)", async () => {
    const page = await browser.get(authorizeUrl(base()));
    const fields = hiddenFields(page.body, "/auth/consent");
    const attacker = new Browser(server.url);
    await attacker.signUp("attacker@example.com", "another long password");
    expect((await attacker.post("/auth/consent", { ...fields, decision: "allow" })).status).toBe(403);
  });

  it("frames nothing: the consent page forbids framing and caching", async () => {
    const page = await browser.get(authorizeUrl(base()));
    expect(page.headers.get("x-frame-options")).toBe("DENY");
    expect(page.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    expect(page.headers.get("cache-control")).toBe("no-store");
  });
});
