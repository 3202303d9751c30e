/** The OAuth error codes our endpoints can return (docs/api/errors.md#oauth-errors). */
export type OAuthErrorCode =
  | "invalid_request"
  | "invalid_client"
  | "invalid_grant"
  | "unauthorized_client"
  | "unsupported_grant_type"
  | "unsupported_response_type"
  | "access_denied"
  | "invalid_scope"
  | "invalid_redirect_uri"
  | "invalid_target"
  | "invalid_client_metadata"
  | "server_error"
  | "temporarily_unavailable"
  | "slow_down";

/**
 * An OAuth protocol error: rendered as `{ error, error_description }` (RFC 6749 §5.2) by the
 * JSON endpoints, or as redirect query parameters by the authorization endpoint.
 */
export class OAuthError extends Error {
  constructor(
    readonly error: OAuthErrorCode,
    readonly description: string,
    readonly status = error === "invalid_client" ? 401 : 400,
  ) {
    super(description);
    this.name = "OAuthError";
  }

  toBody(): { error: OAuthErrorCode; error_description: string } {
    return { error: this.error, error_description: this.description };
  }
}
