import type { FastifyReply, FastifyRequest } from "fastify";
import type { AuthContext } from "../auth-context";
import type { AccountRow } from "../db/schema";
import { setSessionCookie } from "../sessions/session-cookie";
import { createSession, deleteSession } from "../sessions/sessions";
import { sessionCookieOptions } from "./page-support";

/** Log-in: the old session (if any) ends and a new id is issued (no session fixation). */
export async function startPageSession(
  ctx: AuthContext,
  request: FastifyRequest,
  reply: FastifyReply,
  account: AccountRow,
): Promise<void> {
  const options = sessionCookieOptions(ctx);
  const previous = request.cookies[options.name];
  if (previous) await deleteSession(ctx, previous);
  const session = await createSession(ctx, account.id);
  setSessionCookie(reply, options, session.cookieValue, session.expiresAt);
}
