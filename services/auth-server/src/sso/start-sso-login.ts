import { AppError } from "@kurz/errors";
import * as oauth from "oauth4webapi";
import type { AuthContext } from "../auth-context";
import { discoverProvider } from "./discover-provider";
import { findSsoForEmail } from "./find-sso-for-email";
import { ssoRedirectUri } from "./sso-client";
import { saveSsoFlow } from "./sso-flow-store";
import { SsoLoginError } from "./sso-login-error";

export interface StartedSsoLogin {
  /** The provider's authorization endpoint with this log-in's parameters. */
  authorizationUrl: string;
  /** The flow cookie's value: the callback is accepted only with it. */
  flowCookie: string;
}

/**
 * Begins a log-in through the workspace that owns the e-mail's domain: authorization code flow
 * with PKCE (S256), state and nonce, kept server-side under a cookie value (saveSsoFlow).
 * not_configured when no verified SSO of an Enterprise workspace signs in that domain.
 */
export async function startSsoLogin(
  ctx: AuthContext,
  input: { email: string; returnTo: string | undefined },
): Promise<StartedSsoLogin> {
  const active = await findSsoForEmail(ctx, input.email);
  if (!active) throw new SsoLoginError("not_configured");
  let metadata: oauth.AuthorizationServer;
  try {
    metadata = await discoverProvider(ctx, active.sso.issuer);
  } catch (error) {
    if (error instanceof AppError) throw new SsoLoginError("provider_unavailable", { cause: error });
    throw error;
  }
  const codeVerifier = oauth.generateRandomCodeVerifier();
  const state = oauth.generateRandomState();
  const nonce = oauth.generateRandomNonce();
  const flowCookie = await saveSsoFlow(ctx, {
    workspaceId: active.sso.workspaceId,
    state,
    nonce,
    codeVerifier,
    email: input.email,
    returnTo: input.returnTo,
  });
  const url = new URL(metadata.authorization_endpoint ?? "");
  url.searchParams.set("client_id", active.sso.clientId);
  url.searchParams.set("redirect_uri", ssoRedirectUri(ctx));
  url.searchParams.set("response_type", "code");
  url.searchParams.set("scope", "openid email profile");
  url.searchParams.set("state", state);
  url.searchParams.set("nonce", nonce);
  url.searchParams.set("code_challenge", await oauth.calculatePKCECodeChallenge(codeVerifier));
  url.searchParams.set("code_challenge_method", "S256");
  url.searchParams.set("login_hint", input.email);
  ctx.logger.info(
    { event: "sso.login_started", accountId: active.sso.workspaceId },
    "single sign-on started",
  );
  return { authorizationUrl: url.href, flowCookie };
}
