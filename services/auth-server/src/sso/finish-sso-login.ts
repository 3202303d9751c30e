import { AppError } from "@kurz/errors";
import { eq } from "drizzle-orm";
import * as oauth from "oauth4webapi";
import type { AuthContext } from "../auth-context";
import { type AccountRow, workspaceSso, workspaces } from "../db/schema";
import { discoverProvider } from "./discover-provider";
import { emailDomainOf } from "./find-sso-for-email";
import { joinThroughSso } from "./join-through-sso";
import { planIncludesSso } from "./sso-access";
import { clientAuthFor, providerRequestOptions, ssoClientOf, ssoRedirectUri } from "./sso-client";
import { type SsoFlow, takeSsoFlow } from "./sso-flow-store";
import { SsoLoginError } from "./sso-login-error";

export interface FinishedSsoLogin {
  person: AccountRow;
  workspaceId: string;
  returnTo: string | undefined;
}

/**
 * The provider's callback, as an ordered pipeline where each check refuses with its own reason:
 * the flow of this browser's cookie and its state (once, before expiry) → the workspace's SSO
 * still active → the provider's answer (an error there is `denied` / `provider_error`) → the
 * code exchanged with the PKCE verifier → the ID token (issuer, audience, nonce, expiry on the
 * service clock, signature against the provider's JWKS) → a verified e-mail of the workspace's
 * domain → the person signed in and a member (joinThroughSso).
 */
export async function finishSsoLogin(
  ctx: AuthContext,
  input: { flowCookie: string | undefined; callbackUrl: URL; clientAddress: string },
): Promise<FinishedSsoLogin> {
  const params = input.callbackUrl.searchParams;
  const flow = await takeSsoFlow(ctx, input.flowCookie, params.get("state"));
  const [found] = await ctx.db
    .select({ sso: workspaceSso, plan: workspaces.plan })
    .from(workspaceSso)
    .innerJoin(workspaces, eq(workspaces.id, workspaceSso.workspaceId))
    .where(eq(workspaceSso.workspaceId, flow.workspaceId));
  if (!found?.sso.verifiedAt || !planIncludesSso(found.plan)) throw new SsoLoginError("not_configured");
  const { sso } = found;

  let metadata: oauth.AuthorizationServer;
  try {
    metadata = await discoverProvider(ctx, sso.issuer);
  } catch (error) {
    if (error instanceof AppError) throw new SsoLoginError("provider_unavailable", { cause: error });
    throw error;
  }
  const client = ssoClientOf(ctx, sso);
  const options = providerRequestOptions(ctx, sso.issuer);
  const claims = await exchangeCode(ctx, { metadata, client, options, flow, params, sso });

  const email = typeof claims.email === "string" ? claims.email.trim().toLowerCase() : "";
  if (!email) throw new SsoLoginError("email_missing");
  if (claims.email_verified !== true) throw new SsoLoginError("email_unverified");
  if (emailDomainOf(email) !== sso.domain) throw new SsoLoginError("wrong_domain");

  const name = typeof claims.name === "string" ? claims.name.trim().slice(0, 100) : "";
  const person = await joinThroughSso(ctx, {
    workspaceId: sso.workspaceId,
    email,
    name,
    clientAddress: input.clientAddress,
  });
  return { person, workspaceId: sso.workspaceId, returnTo: flow.returnTo };
}

async function exchangeCode(
  ctx: AuthContext,
  input: {
    metadata: oauth.AuthorizationServer;
    client: oauth.Client;
    options: ReturnType<typeof providerRequestOptions>;
    flow: SsoFlow;
    params: URLSearchParams;
    sso: { workspaceId: string; clientSecretSealed: string };
  },
): Promise<oauth.IDToken> {
  const { metadata, client, options, flow } = input;
  let callback: URLSearchParams;
  try {
    callback = oauth.validateAuthResponse(metadata, client, input.params, flow.state);
  } catch (error) {
    if (error instanceof oauth.AuthorizationResponseError) {
      const denied =
        error.error === "access_denied" ||
        error.error === "login_required" ||
        error.error === "consent_required";
      throw new SsoLoginError(denied ? "denied" : "provider_error", { cause: error });
    }
    throw new SsoLoginError("invalid_response", { cause: error });
  }
  const secret = ctx.sso.secrets.open(input.sso.workspaceId, input.sso.clientSecretSealed);
  let response: Response;
  try {
    response = await oauth.authorizationCodeGrantRequest(
      metadata,
      client,
      clientAuthFor(metadata, secret),
      callback,
      ssoRedirectUri(ctx),
      flow.codeVerifier,
      options,
    );
  } catch (error) {
    throw new SsoLoginError("provider_unavailable", { cause: error });
  }
  try {
    const result = await oauth.processAuthorizationCodeResponse(metadata, client, response, {
      expectedNonce: flow.nonce,
      requireIdToken: true,
    });
    await oauth.validateApplicationLevelSignature(metadata, response, options);
    const claims = oauth.getValidatedIdTokenClaims(result);
    if (!claims) throw new SsoLoginError("invalid_response");
    return claims;
  } catch (error) {
    if (error instanceof SsoLoginError) throw error;
    if (error instanceof oauth.ResponseBodyError) throw new SsoLoginError("provider_error", { cause: error });
    if (error instanceof oauth.OperationProcessingError) {
      ctx.logger.warn(
        { event: "sso.id_token_refused", accountId: input.sso.workspaceId, code: error.code },
        "single sign-on answer refused",
      );
      throw new SsoLoginError("invalid_response", { cause: error });
    }
    throw new SsoLoginError("provider_unavailable", { cause: error });
  }
}
