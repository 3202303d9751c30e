import { DASHBOARD_CLIENT_ID } from "@kurz/service-runtime";
import * as oauth from "oauth4webapi";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Browser, hiddenFields } from "./support/browser";
import { startTestAuthServer, type TestAuthServer } from "./support/start-test-auth-server";

const insecure = { [oauth.allowInsecureRequests]: true } as const;
const EMAIL = "dashboard-user@example.com";
const PASSWORD = "correct horse battery staple";
const SECRET = "dashboard-client-secret-for-this-test-only";

let server: TestAuthServer;
let as: oauth.AuthorizationServer;
let callback: string;

beforeAll(async () => {
  server = await startTestAuthServer({ OAUTH_CLIENT_DASHBOARD_SECRET: SECRET });
  callback = `${server.url}/app/auth/callback`;
  await new Browser(server.url).signUp(EMAIL, PASSWORD, "Dashboard User");
  const issuer = new URL(server.url);
  as = await oauth.processDiscoveryResponse(
    issuer,
    await oauth.discoveryRequest(issuer, { algorithm: "oauth2", ...insecure }),
  );
});

afterAll(async () => {
  await server?.stop();
});

function authorizationUrl(state: string, challenge: string, scope: string, redirectUri = callback): URL {
  const url = new URL(as.authorization_endpoint ?? "");
  url.search = new URLSearchParams({
    client_id: DASHBOARD_CLIENT_ID,
    redirect_uri: redirectUri,
    response_type: "code",
    scope,
    state,
    code_challenge: challenge,
    code_challenge_method: "S256",
  }).toString();
  return url;
}

describe("the dashboard, a first-party client", () => {
  it("gets a code straight after log-in (no consent page) and tokens with every scope it asked for, whatever the plan", async () => {
    const client: oauth.Client = { client_id: DASHBOARD_CLIENT_ID };
    const verifier = oauth.generateRandomCodeVerifier();
    const state = oauth.generateRandomState();
    const browser = new Browser(server.url);
    // Webhooks are Business, the account Free: the token still holds webhook:read (the plan never
    // narrows scopes; webhook-dispatcher refuses creating an endpoint with PLAN_REQUIRED).
    const first = await browser.get(
      authorizationUrl(
        state,
        await oauth.calculatePKCECodeChallenge(verifier),
        "shorturl:read shorturl:create account:read webhook:read",
      ).toString(),
    );
    expect(first.location).toMatch(/^\/auth\/login\?return_to=/);
    const login = await browser.get(first.location ?? "");
    const loggedIn = await browser.post("/auth/login", {
      ...hiddenFields(login.body, "/auth/login"),
      email: EMAIL,
      password: PASSWORD,
    });
    const authorized = await browser.get(loggedIn.location ?? "");
    expect(authorized.status).toBe(302);
    expect(authorized.headers.get("cache-control")).toBe("no-store");
    const redirected = new URL(authorized.location ?? "");
    expect(`${redirected.origin}${redirected.pathname}`).toBe(callback);

    const params = oauth.validateAuthResponse(as, client, redirected, state);
    const tokens = await oauth.processAuthorizationCodeResponse(
      as,
      client,
      await oauth.authorizationCodeGrantRequest(
        as,
        client,
        oauth.ClientSecretBasic(SECRET),
        params,
        callback,
        verifier,
        insecure,
      ),
    );
    expect(tokens.scope).toBe("shorturl:read shorturl:create account:read webhook:read");
    expect(tokens.refresh_token).toMatch(/^kurz_rt_/);
  });

  it("is confidential when configured with a secret: a code without it is refused", async () => {
    const client: oauth.Client = { client_id: DASHBOARD_CLIENT_ID };
    const verifier = oauth.generateRandomCodeVerifier();
    const state = oauth.generateRandomState();
    const browser = new Browser(server.url);
    const login = await browser.get("/auth/login");
    await browser.post("/auth/login", {
      ...hiddenFields(login.body, "/auth/login"),
      email: EMAIL,
      password: PASSWORD,
    });
    const authorized = await browser.get(
      authorizationUrl(state, await oauth.calculatePKCECodeChallenge(verifier), "shorturl:read").toString(),
    );
    const params = oauth.validateAuthResponse(as, client, new URL(authorized.location ?? ""), state);
    const response = await oauth.authorizationCodeGrantRequest(
      as,
      client,
      oauth.None(),
      params,
      callback,
      verifier,
      insecure,
    );
    const failure = await oauth.processAuthorizationCodeResponse(as, client, response).then(
      () => undefined,
      (error: unknown) => error as oauth.WWWAuthenticateChallengeError,
    );
    if (!failure) throw new Error("the code exchange without the secret was accepted");
    expect(failure.response.status).toBe(401);
    expect(((await failure.response.json()) as { error: string }).error).toBe("invalid_client");
  });

  it("sends nowhere but its configured redirect URI", async () => {
    const browser = new Browser(server.url);
    const login = await browser.get("/auth/login");
    await browser.post("/auth/login", {
      ...hiddenFields(login.body, "/auth/login"),
      email: EMAIL,
      password: PASSWORD,
    });
    const refused = await browser.get(
      authorizationUrl(
        "s",
        "x".repeat(43),
        "shorturl:read",
        "https://evil.example/app/auth/callback",
      ).toString(),
    );
    expect(refused.status).toBe(400);
    expect(refused.location).toBeUndefined();
  });
});
