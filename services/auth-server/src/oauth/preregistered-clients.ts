import { DASHBOARD_CLIENT_ID } from "@kurz/service-runtime";
import type { AuthContext } from "../auth-context";
import type { AuthServerConfig } from "../config";
import { sha256Hex } from "../crypto/opaque-secret";
import { oauthClients } from "../db/schema";
import { redirectUriProblem } from "./register-client";

export interface PreregisteredClient {
  clientId: string;
  clientName: string;
  redirectUris: string[];
  secret: string | undefined;
  enabled: boolean;
  /** Shown instead of the consent page while the integration is not available. */
  comingSoon: boolean;
  /**
   * Kurz's own dashboard: the person already signed in to Kurz, so no consent page (its scopes
   * are those it asks for, on every plan, like any client's).
   */
  firstParty: boolean;
}

/**
 * Three kinds of applications (docs/api/oauth.md#pre-registered-clients): an AI chat assistant with
 * actions (ChatGPT), an MCP-based assistant (Claude), and a workflow-automation tool (Zapier,
 * announced as coming soon: present, but refused until OAUTH_CLIENT_ZAPIER_ENABLED=true); and the
 * dashboard, Kurz's own web app. Redirect URIs and secrets come from configuration; without a
 * secret a client is public and must use PKCE.
 */
export function preregisteredClients(config: AuthServerConfig): PreregisteredClient[] {
  return [
    {
      clientId: "chatgpt",
      clientName: "ChatGPT",
      redirectUris: config.OAUTH_CLIENT_CHATGPT_REDIRECT_URIS,
      secret: config.OAUTH_CLIENT_CHATGPT_SECRET,
      enabled: true,
      comingSoon: false,
      firstParty: false,
    },
    {
      clientId: "claude",
      clientName: "Claude",
      redirectUris: config.OAUTH_CLIENT_CLAUDE_REDIRECT_URIS,
      secret: config.OAUTH_CLIENT_CLAUDE_SECRET,
      enabled: true,
      comingSoon: false,
      firstParty: false,
    },
    {
      clientId: "zapier",
      clientName: "Zapier",
      redirectUris: config.OAUTH_CLIENT_ZAPIER_REDIRECT_URIS,
      secret: config.OAUTH_CLIENT_ZAPIER_SECRET,
      enabled: config.OAUTH_CLIENT_ZAPIER_ENABLED,
      comingSoon: !config.OAUTH_CLIENT_ZAPIER_ENABLED,
      firstParty: false,
    },
    {
      clientId: DASHBOARD_CLIENT_ID,
      clientName: "Kurz dashboard",
      redirectUris: config.OAUTH_CLIENT_DASHBOARD_REDIRECT_URIS,
      secret: config.OAUTH_CLIENT_DASHBOARD_SECRET,
      enabled: true,
      comingSoon: false,
      firstParty: true,
    },
  ];
}

/** Writes the pre-registered clients as configured (at every start, so config changes apply). */
export async function syncPreregisteredClients(ctx: AuthContext): Promise<void> {
  for (const client of preregisteredClients(ctx.config)) {
    for (const uri of client.redirectUris) {
      const problem = redirectUriProblem(uri, ctx.config.ALLOW_LOOPBACK_REDIRECTS);
      if (problem)
        throw new Error(`redirect URI ${uri} of pre-registered client ${client.clientId} ${problem}`);
    }
    const values = {
      clientName: client.clientName,
      secretHash: client.secret ? sha256Hex(client.secret) : null,
      tokenEndpointAuthMethod: client.secret ? "client_secret_basic" : "none",
      redirectUris: client.redirectUris,
      grantTypes: ["authorization_code", "refresh_token"],
      responseTypes: ["code"],
      scope: null,
      clientUri: null,
      kind: client.firstParty ? "first-party" : "preregistered",
      enabled: client.enabled,
    };
    await ctx.db
      .insert(oauthClients)
      .values({ clientId: client.clientId, createdAt: ctx.clock.now(), ...values })
      .onConflictDoUpdate({ target: oauthClients.clientId, set: values });
  }
}
