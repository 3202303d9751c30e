/**
 * Access token 1 hour, refresh token 30 days, authorization code 10 minutes
 * (docs/api/oauth.md#lifetimes).
 */
export const ACCESS_TOKEN_TTL_SEC = 3600;
export const REFRESH_TOKEN_TTL_SEC = 30 * 86_400;
export const AUTHORIZATION_CODE_TTL_SEC = 600;
