import { randomBytes } from "node:crypto";
import * as oauth from "oauth4webapi";
import { Browser, hiddenFields } from "./form-browser";

function must(condition: boolean, message: string): asserts condition {
  if (!condition) throw new Error(`signInWithOAuth: ${message}`);
}

// oauth4webapi refuses plain http unless told: local runs are loopback without TLS.
const insecure = { [oauth.allowInsecureRequests]: true } as const;
const CALLBACK = "http://127.0.0.1:9/flow/callback";

export interface SignedInUser {
  email: string;
  accessToken: string;
  refreshToken: string | undefined;
  clientId: string;
  clientSecret: string;
  /** The person's browser, still logged in at auth-server (e.g. to open the dashboard next). */
  browser: Browser;
}

export interface SignInOptions {
  /**
   * Runs after the sign-up, before the app asks for consent: e.g. the operator moves the new
   * account to a plan whose scopes the free plan cannot grant (abtest:*, webhook:*).
   */
  afterSignUp?: (email: string) => Promise<void>;
}

/**
 * A new person signs up through the pages, a third-party app registers itself (RFC 7591) and
 * gets their consent with authorization code + PKCE, all through the edge. The app side is the
 * independent client oauth4webapi, so the tokens are what any standard client would get.
 */
export async function signInWithOAuth(
  edgeUrl: string,
  scope: string,
  options: SignInOptions = {},
): Promise<SignedInUser> {
  const email = `flow-${randomBytes(5).toString("hex")}@example.com`;
  const browser = new Browser(edgeUrl);
  const signedUp = await browser.signUp(email, "a long enough password", "Flow Person");
  must(signedUp.status === 303, `sign-up answered ${signedUp.status}: ${signedUp.body.slice(0, 300)}`);
  await options.afterSignUp?.(email);
  return { email, ...(await grantWithOAuth(edgeUrl, browser, scope)) };
}

/**
 * The person logged in on `browser` grants a newly registered app `scope` (RFC 7591, then
 * authorization code + PKCE through the edge), for `workspaceId` when given — the workspace the
 * consent page lets them choose the tokens act in; otherwise the one it preselects.
 */
export async function grantWithOAuth(
  edgeUrl: string,
  browser: Browser,
  scope: string,
  options: { workspaceId?: string } = {},
): Promise<Omit<SignedInUser, "email">> {
  const issuer = new URL(edgeUrl);
  const as = await oauth.processDiscoveryResponse(
    issuer,
    await oauth.discoveryRequest(issuer, { algorithm: "oauth2", ...insecure }),
  );
  const registration = await fetch(as.registration_endpoint ?? "", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      client_name: "Flow App",
      redirect_uris: [CALLBACK],
      grant_types: ["authorization_code", "refresh_token"],
      token_endpoint_auth_method: "client_secret_post",
    }),
  });
  must(registration.status === 201, `client registration answered ${registration.status}`);
  const registered = (await registration.json()) as { client_id: string; client_secret: string };
  const client: oauth.Client = { client_id: registered.client_id };
  const clientAuth = oauth.ClientSecretPost(registered.client_secret);

  const verifier = oauth.generateRandomCodeVerifier();
  const state = oauth.generateRandomState();
  const authorizationUrl = new URL(as.authorization_endpoint ?? "");
  authorizationUrl.search = new URLSearchParams({
    client_id: client.client_id,
    redirect_uri: CALLBACK,
    response_type: "code",
    scope,
    state,
    code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
    code_challenge_method: "S256",
  }).toString();

  // Already signed in: straight to the consent page.
  const consentPage = await browser.follow(await browser.get(authorizationUrl.toString()));
  must(
    consentPage.status === 200,
    `consent page answered ${consentPage.status}: ${consentPage.body.slice(0, 300)}`,
  );
  const decision = await browser.post("/auth/consent", {
    ...hiddenFields(consentPage.body, "/auth/consent"),
    ...(options.workspaceId ? { workspace_id: options.workspaceId } : {}),
    decision: "allow",
  });
  must(decision.status === 303, `consent answered ${decision.status}`);

  const params = oauth.validateAuthResponse(as, client, new URL(decision.location ?? ""), state);
  const response = await oauth.authorizationCodeGrantRequest(
    as,
    client,
    clientAuth,
    params,
    CALLBACK,
    verifier,
    {
      ...insecure,
    },
  );
  const tokens = await oauth.processAuthorizationCodeResponse(as, client, response);
  const granted = tokens.scope?.split(" ").sort().join(" ");
  must(granted === scope.split(" ").sort().join(" "), `granted "${granted}" instead of "${scope}"`);
  return {
    accessToken: tokens.access_token,
    refreshToken: tokens.refresh_token,
    clientId: registered.client_id,
    clientSecret: registered.client_secret,
    browser,
  };
}
