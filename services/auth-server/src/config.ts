import { verifierConfigShape } from "@kurz/auth-verifier";
import { booleanFromEnv, durationMs, listFromEnv, parseConfig } from "@kurz/config";
import { SERVICES } from "@kurz/routes";
import { commonConfigShape, restRateLimitConfigShape } from "@kurz/service-runtime";
import { z } from "zod";
import { serviceClientConfigShape } from "./service-clients/service-client-config";

export const SERVICE_NAME = "auth-server";

const optionalSecret = z
  .string()
  .min(16, "must be at least 16 characters")
  .optional()
  .or(z.literal("").transform(() => undefined));

const schema = z
  .object({
    ...commonConfigShape(SERVICES["auth-server"]),
    ...serviceClientConfigShape,
    ...restRateLimitConfigShape,
    PUBLIC_BASE_URL: verifierConfigShape.PUBLIC_BASE_URL,
    API_AUDIENCE: verifierConfigShape.API_AUDIENCE,
    BRAND_PREFIX: z
      .string()
      .regex(/^[a-z][a-z0-9]{1,15}$/, "2 to 16 lowercase letters or digits, starting with a letter")
      .default("kurz"),
    // 32 bytes, base64 / base64url (43-44 chars) or hex (64 chars). Unset: see loadKeyEncryptionKey.
    KEY_ENCRYPTION_KEY: z.string().optional(),
    // What the admin command presents to AdminService. Unset: generated under DATA_DIR in embedded
    // mode; with DATABASE_URL, admin calls are refused (see the README).
    ADMIN_SECRET: optionalSecret,
    // Unset: allowed exactly when PUBLIC_BASE_URL is http on a loopback host (local development).
    ALLOW_LOOPBACK_REDIRECTS: z
      .enum(["true", "false", "1", "0", "yes", "no"])
      .transform((v) => v === "true" || v === "1" || v === "yes")
      .optional(),
    SIGNING_KEY_ROTATION_DAYS: z.coerce.number().int().min(0).default(90),
    SIGNING_KEY_PUBLISH_LEAD_SEC: z.coerce.number().int().min(0).default(300),
    TRUST_PROXY: z.string().default("loopback"),
    SESSION_TTL_HOURS: z.coerce.number().int().min(1).default(336),
    LOGIN_FAILURES_PER_ACCOUNT: z.coerce.number().int().min(1).default(5),
    LOGIN_FAILURES_PER_IP: z.coerce.number().int().min(1).default(50),
    LOGIN_THROTTLE_WINDOW_SEC: z.coerce.number().int().min(1).default(900),
    REGISTRATIONS_PER_HOUR_PER_IP: z.coerce.number().int().min(1).default(30),
    // Sign-ups naming an email that has an account, per address per hour (see the README).
    SIGNUPS_OF_TAKEN_EMAILS_PER_HOUR_PER_IP: z.coerce.number().int().min(1).default(10),
    // Token and revocation requests per minute per client_id and address (see the README).
    OAUTH_TOKEN_REQUESTS_PER_MINUTE: z.coerce.number().int().min(1).default(600),
    OAUTH_CLIENT_CHATGPT_REDIRECT_URIS: listFromEnv([
      "https://chatgpt.com/connector_platform_oauth_redirect",
    ]),
    OAUTH_CLIENT_CHATGPT_SECRET: optionalSecret,
    OAUTH_CLIENT_CLAUDE_REDIRECT_URIS: listFromEnv(["https://claude.ai/api/mcp/auth_callback"]),
    OAUTH_CLIENT_CLAUDE_SECRET: optionalSecret,
    OAUTH_CLIENT_ZAPIER_REDIRECT_URIS: listFromEnv([]),
    OAUTH_CLIENT_ZAPIER_SECRET: optionalSecret,
    OAUTH_CLIENT_ZAPIER_ENABLED: booleanFromEnv(false),
    // The dashboard (/app): our own first-party client; no consent page. Without a secret it is
    // a public client (PKCE only); with one, the dashboard must hold the same secret.
    OAUTH_CLIENT_DASHBOARD_REDIRECT_URIS: listFromEnv([]),
    OAUTH_CLIENT_DASHBOARD_SECRET: optionalSecret,
    // Invitations are e-mailed through this server when set (smtp:// or smtps://, credentials in
    // the URL); unset, the inviter passes the accept_url on (docs/api/workspaces.md#invitations).
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, "must start with smtp:// or smtps://")
      .optional()
      .or(z.literal("").transform(() => undefined)),
    SMTP_FROM: z.string().min(3).default("Kurz <no-reply@localhost>"),
    INVITATION_TTL_DAYS: z.coerce.number().int().min(1).max(90).default(7),
    // Single sign-on (docs/api/workspaces.md#single-sign-on). Non-public ranges (CIDRs) the
    // OpenID provider requests may reach anyway, and the only ones plain http may: local
    // development and tests (as WEBHOOK_ALLOWED_TARGETS for webhooks). Empty: public https only.
    SSO_ALLOWED_TARGETS: listFromEnv([]),
    // The longest one request to a provider (discovery, token exchange) may take.
    SSO_PROVIDER_TIMEOUT_MS: durationMs(5_000),
    // How long a started single sign-on may take before its callback is refused.
    SSO_FLOW_TTL_SEC: z.coerce.number().int().min(60).max(3_600).default(600),
    // Resolvers (ip or ip:port) for the SSO domain's TXT record; empty: the system's.
    DNS_SERVERS: listFromEnv([]),
    DNS_TIMEOUT_MS: durationMs(3_000),
  })
  .transform((config) => {
    const base = new URL(config.PUBLIC_BASE_URL);
    const localDevelopment = base.protocol === "http:" && isLoopbackHost(base.hostname);
    return {
      ...config,
      ISSUER: config.PUBLIC_BASE_URL.replace(/\/+$/, ""),
      OAUTH_CLIENT_DASHBOARD_REDIRECT_URIS:
        config.OAUTH_CLIENT_DASHBOARD_REDIRECT_URIS.length > 0
          ? config.OAUTH_CLIENT_DASHBOARD_REDIRECT_URIS
          : [`${config.PUBLIC_BASE_URL.replace(/\/+$/, "")}/app/auth/callback`],
      ALLOW_LOOPBACK_REDIRECTS: config.ALLOW_LOOPBACK_REDIRECTS ?? localDevelopment,
      // Cookies are Secure unless the public URL is plain http (decided by URL, never NODE_ENV).
      SECURE_COOKIES: base.protocol === "https:",
    };
  });

export type AuthServerConfig = z.output<typeof schema>;

/** localhost, 127.0.0.0/8 and ::1: the hosts RFC 8252 calls loopback. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, "").toLowerCase();
  return host === "localhost" || host === "::1" || /^127(\.\d{1,3}){3}$/.test(host);
}

/** Parsed once at start-up; nothing else reads process.env. */
export function loadConfig(env: Record<string, string | undefined> = process.env): AuthServerConfig {
  return parseConfig(SERVICE_NAME, schema, env);
}
