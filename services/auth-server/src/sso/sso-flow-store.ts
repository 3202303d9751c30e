import { randomBytes, timingSafeEqual } from "node:crypto";
import type { AuthContext } from "../auth-context";
import { sha256Hex } from "../crypto/opaque-secret";
import { SsoLoginError } from "./sso-login-error";

/** One started single sign-on, kept server-side until its callback (or its expiry). */
export interface SsoFlow {
  workspaceId: string;
  state: string;
  nonce: string;
  codeVerifier: string;
  email: string;
  returnTo: string | undefined;
  /** ISO time on the service clock. */
  expiresAt: string;
}

const keyOf = (cookieValue: string) => `auth:sso-flow:${sha256Hex(cookieValue)}`;

/**
 * Keeps a flow for SSO_FLOW_TTL_SEC under a random value that only the browser's cookie holds
 * (the store keeps its hash): the callback is accepted from the browser that started it, once.
 */
export async function saveSsoFlow(ctx: AuthContext, flow: Omit<SsoFlow, "expiresAt">): Promise<string> {
  const cookieValue = randomBytes(32).toString("base64url");
  const ttlMs = ctx.config.SSO_FLOW_TTL_SEC * 1000;
  const stored: SsoFlow = { ...flow, expiresAt: new Date(ctx.clock.now().getTime() + ttlMs).toISOString() };
  await ctx.cache.cache.set(keyOf(cookieValue), JSON.stringify(stored), ttlMs);
  return cookieValue;
}

/**
 * The flow of this cookie, used up: its state must equal the callback's (checked before the flow
 * is used up, so a forged callback does not cancel the person's real log-in), and only the first
 * of two callbacks racing gets it (del counts). Refusals are SsoLoginErrors.
 */
export async function takeSsoFlow(
  ctx: AuthContext,
  cookieValue: string | undefined,
  state: string | null,
): Promise<SsoFlow> {
  if (!cookieValue) throw new SsoLoginError("flow_missing");
  const key = keyOf(cookieValue);
  const text = await ctx.cache.cache.get(key);
  if (!text) throw new SsoLoginError("flow_missing");
  const flow = JSON.parse(text) as SsoFlow;
  if (!state || !sameText(state, flow.state)) throw new SsoLoginError("state_mismatch");
  if ((await ctx.cache.cache.del(key)) === 0) throw new SsoLoginError("flow_missing");
  if (ctx.clock.now().getTime() > Date.parse(flow.expiresAt)) throw new SsoLoginError("flow_expired");
  return flow;
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
