import { createHash, randomBytes } from "node:crypto";
import { expect } from "vitest";
import { type Browser, hiddenFields } from "./browser";

export const CALLBACK = "http://127.0.0.1:9/callback";

export interface RegisteredClient {
  client_id: string;
  client_secret?: string;
  redirect_uris: string[];
}

export async function registerClient(
  base: string,
  metadata: Record<string, unknown> = {},
): Promise<RegisteredClient> {
  const response = await fetch(`${base}/mcp/oauth/register`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ client_name: "Test App", redirect_uris: [CALLBACK], ...metadata }),
  });
  expect(response.status).toBe(201);
  return (await response.json()) as RegisteredClient;
}

export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString("base64url");
  return { verifier, challenge: createHash("sha256").update(verifier).digest("base64url") };
}

export function authorizeUrl(params: Record<string, string | undefined>): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (value !== undefined) query.set(name, value);
  return `/mcp/oauth/authorize?${query.toString()}`;
}

/**
 * Drives an already signed-in browser through the consent page and returns the callback URL
 * the server redirected to (code or error in its query).
 */
export async function consent(
  browser: Browser,
  params: Record<string, string | undefined>,
  decision: "allow" | "deny" = "allow",
  /** Fields the person chose beside the hidden ones (e.g. workspace_id). */
  chosen: Record<string, string> = {},
): Promise<URL> {
  const page = await browser.get(authorizeUrl(params));
  if (page.status !== 200) {
    if (page.location) return new URL(page.location);
    throw new Error(`authorize answered ${page.status}: ${page.body.slice(0, 300)}`);
  }
  const fields = hiddenFields(page.body, "/auth/consent");
  const answer = await browser.post("/auth/consent", { ...fields, ...chosen, decision });
  expect(answer.status).toBe(303);
  return new URL(answer.location ?? "");
}

export interface TokenSet {
  access_token: string;
  refresh_token: string;
  scope: string;
  expires_in: number;
  token_type: string;
}

export async function postToken(
  base: string,
  form: Record<string, string>,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: Headers; body: Record<string, unknown> }> {
  const response = await fetch(`${base}/mcp/oauth/token`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
    body: new URLSearchParams(form).toString(),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : {} };
}

/** A code for a confidential client, consented by a signed-in browser. */
export async function codeFor(
  browser: Browser,
  client: RegisteredClient,
  options: { scope?: string; challenge?: string; redirectUri?: string; workspaceId?: string } = {},
): Promise<string> {
  const callback = await consent(
    browser,
    {
      client_id: client.client_id,
      redirect_uri: options.redirectUri ?? CALLBACK,
      response_type: "code",
      scope: options.scope ?? "shorturl:read account:read",
      state: "s1",
      code_challenge: options.challenge,
      code_challenge_method: options.challenge ? "S256" : undefined,
    },
    "allow",
    options.workspaceId ? { workspace_id: options.workspaceId } : {},
  );
  const code = callback.searchParams.get("code");
  if (!code) throw new Error(`no code: ${callback}`);
  return code;
}

export async function tokensFor(
  base: string,
  browser: Browser,
  client: RegisteredClient,
  scope?: string,
  workspaceId?: string,
): Promise<TokenSet> {
  const code = await codeFor(browser, client, { scope, ...(workspaceId ? { workspaceId } : {}) });
  const response = await postToken(base, {
    grant_type: "authorization_code",
    code,
    redirect_uri: CALLBACK,
    client_id: client.client_id,
    client_secret: client.client_secret ?? "",
  });
  expect(response.status).toBe(200);
  return response.body as unknown as TokenSet;
}

export async function getAccountWith(base: string, accessToken: string): Promise<Response> {
  return fetch(`${base}/api/v1/account`, { headers: { authorization: `Bearer ${accessToken}` } });
}
