import { AppError } from "@kurz/errors";
import { ACCESS_TOKEN_TYPE, API_KEY_TOKEN_TYPE } from "@kurz/grpc";
import { MCP_PERMISSION } from "../api-keys/api-key-permissions";
import { verifyApiKey } from "../api-keys/verify-api-key";
import type { AuthContext } from "../auth-context";
import type { FormParams } from "../oauth/form-params";
import { OAuthError } from "../oauth/oauth-error";
import { audienceOf, type InternalTokenResponse, issueInternalToken } from "./issue-internal-token";
import type { CallingService } from "./service-client-config";

/**
 * An exchange refused because of the API key: RFC 8693's invalid_grant, plus the Kurz code
 * VerifyApiKey would have given (AUTHENTICATION_REQUIRED, PLAN_REQUIRED, FORBIDDEN), so the MCP
 * gateway can answer its caller exactly.
 */
export class ApiKeyRefusal extends OAuthError {
  constructor(readonly refusal: AppError) {
    super("invalid_grant", refusal.message);
  }

  override toBody() {
    return { ...super.toBody(), code: this.refusal.code };
  }
}

/**
 * RFC 8693 token exchange for MCP callers: the subject token is an API key (`x-mcp-key`), the
 * result an internal token for the key's account, audience = one callee, `act` = the exchanging
 * service. The key is checked exactly as VerifyApiKey checks it (unknown, revoked, no MCP access,
 * no "mcp" permission), and the token carries only the key's permissions the account's current
 * plan still grants.
 */
export async function exchangeApiKey(
  ctx: AuthContext,
  service: CallingService,
  form: FormParams,
): Promise<InternalTokenResponse> {
  const subjectToken = form.get("subject_token");
  if (!subjectToken) throw new OAuthError("invalid_request", "Missing required parameter: subject_token");
  if (form.get("subject_token_type") !== API_KEY_TOKEN_TYPE) {
    throw new OAuthError("invalid_request", `subject_token_type must be ${API_KEY_TOKEN_TYPE}`);
  }
  const requested = form.get("requested_token_type");
  if (requested !== undefined && requested !== ACCESS_TOKEN_TYPE) {
    throw new OAuthError("invalid_request", `requested_token_type must be ${ACCESS_TOKEN_TYPE}`);
  }
  // Audience "auth-server" too: its WorkspaceService acts for accounts (AuthService stays
  // "service"-only, and an account token is no service token: the callee tells them apart).
  const audience = audienceOf(form.get("audience"));
  let verified: Awaited<ReturnType<typeof verifyApiKey>>;
  try {
    verified = await verifyApiKey(ctx, subjectToken);
  } catch (error) {
    if (error instanceof AppError && error.isClientError) throw new ApiKeyRefusal(error);
    throw error;
  }
  // The key's scopes as it was made, whatever the plan now (a plan never narrows scopes).
  const scopes = verified.key.permissions.filter((p) => p !== MCP_PERMISSION);
  return issueInternalToken(ctx, {
    service,
    audience,
    account: { id: verified.account.id, scopes, keyId: verified.key.id },
  });
}
