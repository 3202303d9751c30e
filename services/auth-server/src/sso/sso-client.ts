import * as oauth from "oauth4webapi";
import type { AuthContext } from "../auth-context";
import type { WorkspaceSsoRow } from "../db/schema";

/** Where providers send people back: registered at the provider as the client's redirect URI. */
export const ssoRedirectUri = (ctx: Pick<AuthContext, "config">) => `${ctx.config.ISSUER}/auth/sso/callback`;

/**
 * The workspace's client at its provider, as oauth4webapi takes it. Its clock is auth-server's
 * (ID token expiry and issued-at are judged on ctx.clock, like every other expiry here).
 */
export function ssoClientOf(ctx: Pick<AuthContext, "clock">, sso: WorkspaceSsoRow): oauth.Client {
  return {
    client_id: sso.clientId,
    [oauth.clockSkew]: Math.round((ctx.clock.now().getTime() - Date.now()) / 1000),
  };
}

/** oauth4webapi's request options: the guarded fetch, plain http only toward allowed targets. */
export function providerRequestOptions(ctx: Pick<AuthContext, "sso">, issuer: string) {
  const url = new URL(issuer);
  return {
    [oauth.customFetch]: ctx.sso.provider.fetch,
    [oauth.allowInsecureRequests]: url.protocol === "http:" && ctx.sso.provider.allowsPlainHttp(url),
  };
}

/** client_secret_basic unless the provider only lists client_secret_post (RFC 8414 default). */
export function clientAuthFor(metadata: oauth.AuthorizationServer, secret: string): oauth.ClientAuth {
  const methods = metadata.token_endpoint_auth_methods_supported;
  if (
    Array.isArray(methods) &&
    !methods.includes("client_secret_basic") &&
    methods.includes("client_secret_post")
  ) {
    return oauth.ClientSecretPost(secret);
  }
  return oauth.ClientSecretBasic(secret);
}
