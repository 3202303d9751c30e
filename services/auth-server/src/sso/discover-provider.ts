import { AppError } from "@kurz/errors";
import * as oauth from "oauth4webapi";
import type { AuthContext } from "../auth-context";
import { providerRequestOptions } from "./sso-client";

/**
 * The provider's metadata from `<issuer>/.well-known/openid-configuration`, through the SSRF
 * guard (ctx.sso.provider). Refused with VALIDATION_ERROR naming `issuer` and a stable
 * details.reason: unreachable (no answer, a blocked address, a timeout), not_openid_provider
 * (not a discovery document, or one for another issuer), unsupported (no authorization code
 * flow, no S256 PKCE, no JWKS). Saving settings calls it; the log-in calls it again, so a
 * provider's new endpoints are followed.
 */
export async function discoverProvider(
  ctx: Pick<AuthContext, "sso">,
  issuer: string,
): Promise<oauth.AuthorizationServer> {
  const url = new URL(issuer);
  const options = providerRequestOptions(ctx, issuer);
  if (url.protocol === "http:" && !options[oauth.allowInsecureRequests]) {
    refuse("https_required", "issuer must use https");
  }
  let metadata: oauth.AuthorizationServer;
  try {
    const response = await oauth.discoveryRequest(url, { algorithm: "oidc", ...options });
    metadata = await oauth.processDiscoveryResponse(url, response);
  } catch (error) {
    if (error instanceof oauth.OperationProcessingError) {
      refuse(
        "not_openid_provider",
        `issuer ${issuer} does not publish an OpenID Connect discovery document for itself`,
      );
    }
    refuse("unreachable", `issuer ${issuer} could not be reached`);
  }
  const supports = (list: unknown, value: string) => !Array.isArray(list) || list.includes(value);
  if (
    !metadata.authorization_endpoint ||
    !metadata.token_endpoint ||
    !metadata.jwks_uri ||
    !supports(metadata.response_types_supported, "code") ||
    !supports(metadata.code_challenge_methods_supported, "S256")
  ) {
    refuse("unsupported", "issuer must support the authorization code flow with PKCE (S256)");
  }
  return metadata;
}

function refuse(reason: string, message: string): never {
  throw new AppError("VALIDATION_ERROR", {
    message,
    details: { field: "issuer", reason, fields: { issuer: message } },
  });
}
