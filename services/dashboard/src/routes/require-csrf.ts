import { timingSafeEqual } from "node:crypto";
import { AppError } from "@kurz/errors";
import type { FastifyRequest } from "fastify";
import type { DashboardSession } from "../session/session-store";

/**
 * State-changing calls must carry the session's CSRF token in `x-csrf-token` (only the web app,
 * same-origin, can read it from GET /app/session) and must not be cross-site by the browser's own
 * account (Sec-Fetch-Site). Throws CSRF_FAILED (403) otherwise.
 */
export function requireCsrf(request: FastifyRequest, session: DashboardSession): void {
  const header = request.headers["x-csrf-token"];
  const given = Buffer.from(typeof header === "string" ? header : "");
  const expected = Buffer.from(session.csrfToken);
  const sameToken = given.length === expected.length && timingSafeEqual(given, expected);
  if (!sameToken || request.headers["sec-fetch-site"] === "cross-site") {
    throw new AppError("CSRF_FAILED", {
      hint: "Reload the dashboard page; API calls of the dashboard carry the csrfToken of GET /app/session in x-csrf-token",
    });
  }
}
