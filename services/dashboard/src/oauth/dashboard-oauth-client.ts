import { SCOPE_NAMES } from "@kurz/auth-verifier";
import { DASHBOARD_CLIENT_ID } from "@kurz/service-runtime";
import * as oauth from "oauth4webapi";

/**
 * Every scope, granted on every plan (a plan never narrows scopes; the services refuse what the
 * plan lacks with PLAN_REQUIRED): the dashboard is a first-party client, with no consent page.
 */
export const DASHBOARD_SCOPE = SCOPE_NAMES.join(" ");

export interface DashboardTokens {
  accessToken: string;
  refreshToken: string | undefined;
  expiresInSeconds: number;
  scope: string;
}

export interface DashboardOAuthOptions {
  /** PUBLIC_BASE_URL without its trailing slash: the issuer. */
  issuer: string;
  /** Where auth-server answers inside the cluster: token and revocation requests go there. */
  authServerUrl: string;
  /** Where auth-server sends the browser back with the code. */
  redirectUri: string;
  clientSecret: string | undefined;
}

export interface DashboardOAuthClient {
  /** The URL that starts a sign-in at auth-server (PKCE S256, state). */
  authorizationUrl(state: string, codeChallenge: string): string;
  /** Checks the callback (state, iss, error) and exchanges its code. */
  exchangeCode(
    callback: URL,
    state: string,
    codeVerifier: string,
    clientAddress: string,
  ): Promise<DashboardTokens>;
  refresh(refreshToken: string, clientAddress: string): Promise<DashboardTokens>;
  /** Revokes a refresh token, and with it its family and their access tokens. */
  revoke(token: string, clientAddress: string): Promise<void>;
}

/**
 * The dashboard's side of the authorization code flow, through oauth4webapi (an independent,
 * well-kept client). Requests for the token and revocation endpoints go to auth-server's own
 * address inside the cluster rather than back through the public edge; the person's address goes
 * along in X-Forwarded-For, which auth-server believes only from trusted proxies.
 */
export function createDashboardOAuthClient(options: DashboardOAuthOptions): DashboardOAuthClient {
  const as: oauth.AuthorizationServer = {
    issuer: options.issuer,
    authorization_endpoint: `${options.issuer}/mcp/oauth/authorize`,
    token_endpoint: `${options.issuer}/mcp/oauth/token`,
    revocation_endpoint: `${options.issuer}/mcp/oauth/revoke`,
    authorization_response_iss_parameter_supported: true,
  };
  const client: oauth.Client = { client_id: DASHBOARD_CLIENT_ID };
  const clientAuth = options.clientSecret ? oauth.ClientSecretBasic(options.clientSecret) : oauth.None();
  const internal = new URL(options.authServerUrl);

  const requestOptions = (clientAddress: string) => ({
    [oauth.allowInsecureRequests]: true,
    headers: new Headers({ "x-forwarded-for": clientAddress }),
    [oauth.customFetch]: (url: string, init: RequestInit) => {
      const target = new URL(url);
      target.protocol = internal.protocol;
      target.host = internal.host;
      return fetch(target, init);
    },
  });

  const tokensOf = (response: oauth.TokenEndpointResponse): DashboardTokens => ({
    accessToken: response.access_token,
    refreshToken: response.refresh_token,
    expiresInSeconds: response.expires_in ?? 3600,
    scope: response.scope ?? "",
  });

  return {
    authorizationUrl(state, codeChallenge) {
      const url = new URL(as.authorization_endpoint!);
      url.search = new URLSearchParams({
        client_id: DASHBOARD_CLIENT_ID,
        redirect_uri: options.redirectUri,
        response_type: "code",
        scope: DASHBOARD_SCOPE,
        state,
        code_challenge: codeChallenge,
        code_challenge_method: "S256",
      }).toString();
      return url.toString();
    },
    async exchangeCode(callback, state, codeVerifier, clientAddress) {
      const params = oauth.validateAuthResponse(as, client, callback, state);
      const response = await oauth.authorizationCodeGrantRequest(
        as,
        client,
        clientAuth,
        params,
        options.redirectUri,
        codeVerifier,
        requestOptions(clientAddress),
      );
      return tokensOf(await oauth.processAuthorizationCodeResponse(as, client, response));
    },
    async refresh(refreshToken, clientAddress) {
      const response = await oauth.refreshTokenGrantRequest(
        as,
        client,
        clientAuth,
        refreshToken,
        requestOptions(clientAddress),
      );
      return tokensOf(await oauth.processRefreshTokenResponse(as, client, response));
    },
    async revoke(token, clientAddress) {
      const response = await oauth.revocationRequest(
        as,
        client,
        clientAuth,
        token,
        requestOptions(clientAddress),
      );
      await oauth.processRevocationResponse(response);
    },
  };
}
