import { randomUUID } from "node:crypto";
import { INTERNAL_TOKEN_TTL_SEC } from "@kurz/grpc";
import { isServiceName } from "@kurz/routes";
import type { JWTPayload } from "jose";
import type { AuthContext } from "../auth-context";
import { OAuthError } from "../oauth/oauth-error";
import type { CallingService } from "./service-client-config";

/** RFC 6749 §5.1 plus RFC 8693 §2.2.1's issued_token_type. */
export interface InternalTokenResponse {
  access_token: string;
  issued_token_type: "urn:ietf:params:oauth:token-type:access_token";
  token_type: "Bearer";
  expires_in: number;
  scope?: string;
}

/** The callee named in `audience` (RFC 8693 §2.1): one Kurz service, never a list. */
export function audienceOf(requested: string | undefined): string {
  if (!requested) throw new OAuthError("invalid_request", "Missing required parameter: audience");
  if (!isServiceName(requested)) throw new OAuthError("invalid_target", "audience must name a Kurz service");
  return requested;
}

/**
 * Signs a short-lived internal token (RFC 9068 shape) for one callee: the calling service's own
 * (`sub` = `client_id` = the service), or an account's (`sub` = the account, `act.sub` = the
 * service, RFC 8693 §4.1) with the scopes it may use there.
 */
export async function issueInternalToken(
  ctx: AuthContext,
  grant: {
    service: CallingService;
    audience: string;
    /** The account acted for; `keyId` the API key exchanged (the callee's audit actor). */
    account?: { id: string; scopes: readonly string[]; keyId?: string };
  },
): Promise<InternalTokenResponse> {
  const iat = Math.floor(ctx.clock.now().getTime() / 1000);
  const claims: JWTPayload = {
    iss: ctx.config.ISSUER,
    aud: grant.audience,
    client_id: grant.service,
    iat,
    exp: iat + INTERNAL_TOKEN_TTL_SEC,
    jti: randomUUID(),
    ...(grant.account
      ? {
          sub: grant.account.id,
          act: { sub: grant.service },
          scope: grant.account.scopes.join(" "),
          ...(grant.account.keyId ? { key_id: grant.account.keyId } : {}),
        }
      : { sub: grant.service, scope: "" }),
  };
  return {
    access_token: await ctx.signingKeys.signAccessToken(claims),
    issued_token_type: "urn:ietf:params:oauth:token-type:access_token",
    token_type: "Bearer",
    expires_in: INTERNAL_TOKEN_TTL_SEC,
    ...(grant.account ? { scope: grant.account.scopes.join(" ") } : {}),
  };
}
