/// <reference path="./oidc-provider.d.ts" />
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import Provider from "oidc-provider";
import type { Browser, PageResponse } from "./browser";
import { unescapeHtml } from "./browser";

export interface ProviderAccount {
  email: string;
  email_verified: boolean;
  name?: string;
}

export interface TestOpenIdProvider {
  /** The issuer, http://127.0.0.1:<port>. */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Accounts by the login a person types at the provider; tests add and change them. */
  accounts: Map<string, ProviderAccount>;
  /** Stops answering (the port stays taken, every request fails at once): the provider down. */
  goDown(): void;
  comeBack(): void;
  stop(): Promise<void>;
}

/**
 * A real OpenID provider (npm oidc-provider) on 127.0.0.1, port 0: one confidential client whose
 * redirect URI is the auth-server's SSO callback, accounts from a map, its own development
 * interactions (a login form accepting any password, then a consent form). ID tokens carry
 * email, email_verified and name and live `idTokenTtlSec` (default 60 s).
 */
export async function startTestOpenIdProvider(options: {
  redirectUri: string;
  idTokenTtlSec?: number;
}): Promise<TestOpenIdProvider> {
  const accounts = new Map<string, ProviderAccount>();
  let down = false;
  let handler: ReturnType<Provider["callback"]> | undefined;
  const server = createServer((request, response) => {
    if (down || !handler) {
      response.socket?.destroy();
      return;
    }
    handler(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clientId = "kurz-sso-test";
  const clientSecret = "a-provider-client-secret-of-32-chars";
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [options.redirectUri],
        grant_types: ["authorization_code"],
        response_types: ["code"],
        token_endpoint_auth_method: "client_secret_basic",
      },
    ],
    async findAccount(_ctx: unknown, id: string) {
      const account = accounts.get(id);
      if (!account) return undefined;
      return { accountId: id, claims: async () => ({ sub: id, ...account }) };
    },
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name"] },
    // email and email_verified in the ID token itself (not only at userinfo).
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: true } },
    ttl: { IdToken: options.idTokenTtlSec ?? 60 },
    cookies: { keys: ["a-cookie-key-for-the-sso-test-provider"] },
  });
  // Development-interaction and key warnings are expected here.
  provider.on("server_error", () => {});
  handler = provider.callback();
  return {
    issuer,
    clientId,
    clientSecret,
    accounts,
    goDown: () => {
      down = true;
    },
    comeBack: () => {
      down = false;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * Drives a person through the provider in their own browser (a cookie jar for the provider's
 * origin): from the authorization URL, through the login form (`login`) and the consent form, or
 * the abort link when `decision` is "deny", until the provider redirects back off its origin.
 * Returns that redirect's target.
 */
export async function signInAtProvider(
  browser: Browser,
  authorizationUrl: string,
  login: string,
  decision: "allow" | "deny" = "allow",
): Promise<string> {
  const origin = new URL(authorizationUrl).origin;
  let response: PageResponse = await browser.get(authorizationUrl);
  for (let step = 0; step < 12; step++) {
    if (response.location) {
      const next = new URL(response.location, response.url);
      if (next.origin !== origin) return next.href;
      response = await browser.get(next.href);
      continue;
    }
    if (response.status !== 200)
      throw new Error(`provider answered ${response.status}: ${response.body.slice(0, 300)}`);
    const action = unescapeHtml(/<form[^>]*action="([^"]+)"/.exec(response.body)?.[1] ?? "");
    if (!action) throw new Error(`no form at the provider: ${response.body.slice(0, 300)}`);
    const prompt = /name="prompt" value="(\w+)"/.exec(response.body)?.[1];
    if (decision === "deny") {
      const abort = /href="([^"]*\/abort)"/.exec(response.body)?.[1];
      if (!abort) throw new Error("no abort link at the provider");
      response = await browser.get(new URL(unescapeHtml(abort), origin).href);
      continue;
    }
    const fields: Record<string, string> =
      prompt === "login" ? { prompt, login, password: "any password" } : { prompt: prompt ?? "consent" };
    response = await browser.post(new URL(action, origin).href, fields);
  }
  throw new Error("the provider did not redirect back");
}
