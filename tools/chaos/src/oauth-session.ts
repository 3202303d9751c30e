/**
 * The chaos client's OAuth tokens, as a real integration keeps them: it sends its access token
 * and, when a service answers 401 `invalid_token` (expired by the service's clock, which may run
 * ahead of the client's), refreshes once with its refresh token and sends again. Each refresh is
 * counted, so the table shows the clients it affected instead of hiding it.
 */
export interface OAuthSession {
  accessToken(): string;
  /**
   * Gets a new access token after `rejected` was refused; one refresh at a time, and none when a
   * concurrent one already replaced `rejected`.
   */
  refresh(rejected: string): Promise<void>;
  /** Refreshes made after a 401 so far. */
  refreshes(): number;
}

export function oauthSession(
  edgeUrl: string,
  tokens: { accessToken: string; refreshToken: string | undefined; clientId: string; clientSecret: string },
): OAuthSession {
  let accessToken = tokens.accessToken;
  let refreshToken = tokens.refreshToken;
  let refreshes = 0;
  let inFlight: Promise<void> | undefined;

  const refreshNow = async () => {
    if (!refreshToken) throw new Error("access token refused and no refresh token to renew it");
    // The token endpoint as any standard client finds it: the issuer's metadata (RFC 8414).
    const metadata = await fetch(`${edgeUrl}/.well-known/oauth-authorization-server`, {
      signal: AbortSignal.timeout(30_000),
    });
    if (!metadata.ok) throw new Error(`authorization server metadata answered ${metadata.status}`);
    const { token_endpoint } = (await metadata.json()) as { token_endpoint: string };
    const endpoint = new URL(new URL(token_endpoint).pathname, edgeUrl);
    const answer = await fetch(endpoint, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        grant_type: "refresh_token",
        refresh_token: refreshToken,
        client_id: tokens.clientId,
        client_secret: tokens.clientSecret,
      }),
      signal: AbortSignal.timeout(30_000),
    });
    const body = (await answer.json().catch(() => ({}))) as { access_token?: string; refresh_token?: string };
    if (!answer.ok || !body.access_token) {
      throw new Error(`token refresh answered ${answer.status} ${JSON.stringify(body)}`);
    }
    accessToken = body.access_token;
    // A rotated refresh token replaces the used one.
    if (body.refresh_token) refreshToken = body.refresh_token;
    refreshes++;
  };

  return {
    accessToken: () => accessToken,
    async refresh(rejected) {
      if (rejected !== accessToken) return;
      inFlight ??= refreshNow().finally(() => {
        inFlight = undefined;
      });
      await inFlight;
    },
    refreshes: () => refreshes,
  };
}
