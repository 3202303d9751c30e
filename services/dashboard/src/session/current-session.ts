import { createHash } from "node:crypto";
import type { FastifyRequest } from "fastify";
import * as oauth from "oauth4webapi";
import type { DashboardContext } from "../dashboard-context";
import { readCookie } from "./session-cookie";
import type { DashboardSession } from "./session-store";

/** Refreshed this long before it expires, so a relayed call never carries a dying token. */
const REFRESH_AHEAD_MS = 60_000;

export interface CurrentSession {
  id: string;
  session: DashboardSession;
}

/** The browser's session, or undefined (no cookie, unknown or lapsed). */
export async function currentSession(
  ctx: DashboardContext,
  request: FastifyRequest,
): Promise<CurrentSession | undefined> {
  const id = readCookie(request, ctx.cookies.session);
  if (!id) return undefined;
  const session = await ctx.sessions.get(id);
  return session ? { id, session } : undefined;
}

/** The session can no longer get tokens (refresh refused): the person signs in again. */
export class SessionEndedError extends Error {
  constructor(cause?: unknown) {
    super("the dashboard session ended", { cause });
  }
}

/**
 * An access token that works for at least another minute: refreshed when needed (or when `stale`
 * names the token an API just refused). One refresh at a time per session across replicas (a
 * lock), since refresh tokens rotate and presenting a used one revokes the whole family; whoever
 * waited finds the new token stored and uses it.
 */
export async function freshAccessToken(
  ctx: DashboardContext,
  current: CurrentSession,
  clientAddress: string,
  stale?: string,
): Promise<string> {
  const needsRefresh = (session: DashboardSession) =>
    session.accessExpiresAt - ctx.clock.now().getTime() < REFRESH_AHEAD_MS || session.accessToken === stale;
  if (!needsRefresh(current.session)) return current.session.accessToken;
  const lockKey = `dashboard:refresh:${createHash("sha256").update(current.id).digest("base64url")}`;
  return ctx.locks.withLock(
    lockKey,
    15_000,
    async () => {
      const session = await ctx.sessions.get(current.id);
      if (!session) throw new SessionEndedError();
      if (!needsRefresh(session)) return session.accessToken;
      if (!session.refreshToken) {
        await ctx.sessions.delete(current.id);
        throw new SessionEndedError();
      }
      try {
        const tokens = await ctx.oauth.refresh(session.refreshToken, clientAddress);
        const next: DashboardSession = {
          ...session,
          accessToken: tokens.accessToken,
          refreshToken: tokens.refreshToken ?? session.refreshToken,
          accessExpiresAt: ctx.clock.now().getTime() + tokens.expiresInSeconds * 1000,
          scope: tokens.scope,
        };
        await ctx.sessions.put(current.id, next);
        current.session = next;
        return next.accessToken;
      } catch (error) {
        if (error instanceof oauth.ResponseBodyError && error.error === "invalid_grant") {
          await ctx.sessions.delete(current.id);
          throw new SessionEndedError(error);
        }
        throw error;
      }
    },
    { waitMs: 10_000 },
  );
}
