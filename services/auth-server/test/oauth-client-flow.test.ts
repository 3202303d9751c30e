import * as oauth from "oauth4webapi";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Browser, hiddenFields } from "./support/browser";
import { startTestAuthServer, type TestAuthServer } from "./support/start-test-auth-server";

// oauth4webapi refuses plain http unless told: the test server runs on loopback without TLS.
const insecure = { [oauth.allowInsecureRequests]: true } as const;
const CALLBACK = "http://127.0.0.1:9/oauth/callback";
const EMAIL = "flow@example.com";
const PASSWORD = "correct horse battery staple";

let server: TestAuthServer;
let as: oauth.AuthorizationServer;

beforeAll(async () => {
  server = await startTestAuthServer();
  await new Browser(server.url).signUp(EMAIL, PASSWORD, "Flow Tester");
  const issuer = new URL(server.url);
  as = await oauth.processDiscoveryResponse(
    issuer,
    await oauth.discoveryRequest(issuer, { algorithm: "oauth2", ...insecure }),
  );
});

afterAll(async () => {
  await server?.stop();
});

/**
 * What a person does in a browser: open the authorization URL, get sent to log-in, log in
 * (CSRF token taken from the page), get sent back, read the consent page and press Allow.
 * Returns the URL the browser was finally redirected to (the client's callback).
 */
async function authorizeAsBrowser(authorizationUrl: URL): Promise<URL> {
  const browser = new Browser(server.url);
  const first = await browser.get(authorizationUrl.toString());
  expect(first.status).toBe(302);
  expect(first.location).toMatch(/^\/auth\/login\?return_to=/);

  const login = await browser.get(first.location ?? "");
  expect(login.status).toBe(200);
  expect(login.body).toContain("to continue to Flow App");
  const loggedIn = await browser.post("/auth/login", {
    ...hiddenFields(login.body, "/auth/login"),
    email: EMAIL,
    password: PASSWORD,
  });
  expect(loggedIn.status).toBe(303);

  const consentPage = await browser.get(loggedIn.location ?? "");
  expect(consentPage.status).toBe(200);
  expect(consentPage.body).toContain("Flow App wants to access your Kurz account");
  expect(consentPage.body).toContain("See your account, plan and API keys");
  const decision = await browser.post("/auth/consent", {
    ...hiddenFields(consentPage.body, "/auth/consent"),
    decision: "allow",
  });
  expect(decision.status).toBe(303);
  return new URL(decision.location ?? "");
}

async function callAccountApi(accessToken: string): Promise<Response> {
  return oauth.protectedResourceRequest(
    accessToken,
    "GET",
    new URL(`${server.url}/api/v1/account`),
    undefined,
    undefined,
    insecure,
  );
}

/** The API refuses the token: oauth4webapi surfaces the RFC 6750 challenge as an error. */
async function expectTokenRefused(accessToken: string): Promise<void> {
  const failure = await callAccountApi(accessToken).then(
    () => undefined,
    (error: unknown) => error,
  );
  expect(failure).toBeInstanceOf(oauth.WWWAuthenticateChallengeError);
  const challenge = (failure as oauth.WWWAuthenticateChallengeError).cause[0];
  expect(challenge?.scheme).toBe("bearer");
  expect(challenge?.parameters.error).toBe("invalid_token");
  expect((failure as oauth.WWWAuthenticateChallengeError).response.status).toBe(401);
}

describe("an independent OAuth client (oauth4webapi)", () => {
  it("discovers complete RFC 8414 metadata", () => {
    expect(as.issuer).toBe(server.url);
    expect(as.code_challenge_methods_supported).toEqual(["S256"]);
    expect(as.registration_endpoint).toBe(`${server.url}/mcp/oauth/register`);
    expect(as.revocation_endpoint).toBe(`${server.url}/mcp/oauth/revoke`);
    expect(as.jwks_uri).toBe(`${server.url}/.well-known/jwks.json`);
    expect(as.authorization_response_iss_parameter_supported).toBe(true);
  });

  it("runs registration, authorization, token, API call, refresh and revocation as a confidential client", async () => {
    const client = (await oauth.processDynamicClientRegistrationResponse(
      await oauth.dynamicClientRegistrationRequest(
        as,
        {
          client_name: "Flow App",
          redirect_uris: [CALLBACK],
          grant_types: ["authorization_code", "refresh_token"],
          response_types: ["code"],
          token_endpoint_auth_method: "client_secret_post",
          scope: "shorturl:read account:read",
        },
        insecure,
      ),
    )) as oauth.Client & { client_secret: string };
    expect(client.client_id).toMatch(/^kurz_client_[A-Za-z0-9_-]+$/);
    expect(client.client_secret).toBeTruthy();
    const clientAuth = oauth.ClientSecretPost(client.client_secret);

    const state = oauth.generateRandomState();
    const authorizationUrl = new URL(as.authorization_endpoint ?? "");
    authorizationUrl.search = new URLSearchParams({
      client_id: client.client_id,
      redirect_uri: CALLBACK,
      response_type: "code",
      scope: "shorturl:read account:read",
      state,
    }).toString();
    const callback = await authorizeAsBrowser(authorizationUrl);
    expect(callback.searchParams.get("iss")).toBe(server.url);
    const params = oauth.validateAuthResponse(as, client, callback, state);

    const tokens = await oauth.processAuthorizationCodeResponse(
      as,
      client,
      await oauth.authorizationCodeGrantRequest(
        as,
        client,
        clientAuth,
        params,
        CALLBACK,
        oauth.nopkce,
        insecure,
      ),
    );
    expect(tokens.token_type).toBe("bearer");
    expect(tokens.expires_in).toBe(3600);
    expect(tokens.scope).toBe("shorturl:read account:read");
    expect(tokens.refresh_token).toMatch(/^kurz_rt_/);

    // The access token is a proper RFC 9068 JWT by the client library's own validation.
    const claims = await oauth.validateJwtAccessToken(
      as,
      new Request(`${server.url}/api/v1/account`, {
        headers: { authorization: `Bearer ${tokens.access_token}` },
      }),
      "kurz-api",
      insecure,
    );
    expect(claims.client_id).toBe(client.client_id);
    expect(claims.scope).toBe("shorturl:read account:read");

    const api = await callAccountApi(tokens.access_token);
    expect(api.status).toBe(200);
    const body = (await api.json()) as { success: boolean; account: { email: string; plan: { id: string } } };
    expect(body.account.email).toBe(EMAIL);
    expect(body.account.plan.id).toBe("free");

    const refreshed = await oauth.processRefreshTokenResponse(
      as,
      client,
      await oauth.refreshTokenGrantRequest(as, client, clientAuth, tokens.refresh_token ?? "", insecure),
    );
    expect(refreshed.refresh_token).toMatch(/^kurz_rt_/);
    expect(refreshed.refresh_token).not.toBe(tokens.refresh_token);
    expect((await callAccountApi(refreshed.access_token)).status).toBe(200);

    await oauth.processRevocationResponse(
      await oauth.revocationRequest(as, client, clientAuth, refreshed.refresh_token ?? "", insecure),
    );
    // Revoking the refresh token revoked its family: the refresh token and its access token.
    const afterRevoke = await oauth.refreshTokenGrantRequest(
      as,
      client,
      clientAuth,
      refreshed.refresh_token ?? "",
      insecure,
    );
    await expect(oauth.processRefreshTokenResponse(as, client, afterRevoke)).rejects.toMatchObject({
      error: "invalid_grant",
    });
    await expectTokenRefused(refreshed.access_token);
  });

  it("gives a client registered for authorization_code alone refresh tokens that rotate", async () => {
    const client = (await oauth.processDynamicClientRegistrationResponse(
      await oauth.dynamicClientRegistrationRequest(
        as,
        {
          client_name: "Flow App",
          redirect_uris: [CALLBACK],
          grant_types: ["authorization_code"],
          token_endpoint_auth_method: "client_secret_post",
        },
        insecure,
      ),
    )) as oauth.Client & { client_secret: string };
    // RFC 7591 §3.2.1: the server may replace requested metadata, and says what it registered.
    expect(client.grant_types).toEqual(["authorization_code", "refresh_token"]);
    const clientAuth = oauth.ClientSecretPost(client.client_secret);

    const state = oauth.generateRandomState();
    const authorizationUrl = new URL(as.authorization_endpoint ?? "");
    authorizationUrl.search = new URLSearchParams({
      client_id: client.client_id,
      redirect_uri: CALLBACK,
      response_type: "code",
      scope: "account:read",
      state,
    }).toString();
    const params = oauth.validateAuthResponse(as, client, await authorizeAsBrowser(authorizationUrl), state);
    const tokens = await oauth.processAuthorizationCodeResponse(
      as,
      client,
      await oauth.authorizationCodeGrantRequest(
        as,
        client,
        clientAuth,
        params,
        CALLBACK,
        oauth.nopkce,
        insecure,
      ),
    );
    expect(tokens.refresh_token).toMatch(/^kurz_rt_/);

    const refreshed = await oauth.processRefreshTokenResponse(
      as,
      client,
      await oauth.refreshTokenGrantRequest(as, client, clientAuth, tokens.refresh_token ?? "", insecure),
    );
    expect(refreshed.refresh_token).toMatch(/^kurz_rt_/);
    expect(refreshed.refresh_token).not.toBe(tokens.refresh_token);
    expect((await callAccountApi(refreshed.access_token)).status).toBe(200);
  });

  it("runs the same flow as a public client with PKCE and revokes an access token", async () => {
    const client = await oauth.processDynamicClientRegistrationResponse(
      await oauth.dynamicClientRegistrationRequest(
        as,
        { client_name: "Flow App", redirect_uris: [CALLBACK], token_endpoint_auth_method: "none" },
        insecure,
      ),
    );
    expect(client.client_secret).toBeUndefined();
    const clientAuth = oauth.None();

    const verifier = oauth.generateRandomCodeVerifier();
    const state = oauth.generateRandomState();
    const authorizationUrl = new URL(as.authorization_endpoint ?? "");
    authorizationUrl.search = new URLSearchParams({
      client_id: client.client_id,
      redirect_uri: CALLBACK,
      response_type: "code",
      scope: "account:read shorturl:create",
      state,
      code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
      code_challenge_method: "S256",
    }).toString();
    const params = oauth.validateAuthResponse(as, client, await authorizeAsBrowser(authorizationUrl), state);

    const tokens = await oauth.processAuthorizationCodeResponse(
      as,
      client,
      await oauth.authorizationCodeGrantRequest(as, client, clientAuth, params, CALLBACK, verifier, insecure),
    );
    expect((await callAccountApi(tokens.access_token)).status).toBe(200);

    const refreshed = await oauth.processRefreshTokenResponse(
      as,
      client,
      await oauth.refreshTokenGrantRequest(as, client, clientAuth, tokens.refresh_token ?? "", insecure),
    );
    expect(refreshed.scope).toBe("account:read shorturl:create");

    await oauth.processRevocationResponse(
      await oauth.revocationRequest(as, client, clientAuth, refreshed.access_token, {
        ...insecure,
        additionalParameters: { token_type_hint: "access_token" },
      }),
    );
    await expectTokenRefused(refreshed.access_token);
    // Revoking the access token alone leaves the grant: the refresh token still works.
    const again = await oauth.processRefreshTokenResponse(
      as,
      client,
      await oauth.refreshTokenGrantRequest(as, client, clientAuth, refreshed.refresh_token ?? "", insecure),
    );
    expect((await callAccountApi(again.access_token)).status).toBe(200);
  });
});
