import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import type { DashboardContext } from "../dashboard-context";
import { currentSession } from "../session/current-session";
import { sendMessagePage } from "./message-page";

/**
 * The web app's policy: its own scripts and styles only, API calls to its own origin, images from
 * itself and data:/blob: URLs (QR previews) and any https URL (a link's preview card image, shown
 * as crawlers will fetch it; an image runs no code), no framing.
 */
export const WEB_APP_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: blob: https:; connect-src 'self'; font-src 'self'; object-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'";

/**
 * The built web app (Vite, web/): hashed assets under /app/assets/ (cached for a year), and its
 * page for every other /app path (client-side routing). A browser without a session is sent to
 * sign in first and comes back to the page it asked for.
 */
export async function registerWebAppRoutes(app: FastifyInstance, ctx: DashboardContext): Promise<void> {
  const indexFile = path.join(ctx.webDir, "index.html");
  const built = existsSync(indexFile);
  if (built) {
    await app.register(fastifyStatic, {
      root: path.join(ctx.webDir, "assets"),
      prefix: "/app/assets/",
      decorateReply: false,
      immutable: true,
      maxAge: 365 * 24 * 3_600_000,
      index: false,
      setHeaders: (response) => response.header("x-content-type-options", "nosniff"),
    });
  }
  const indexHtml = built ? readFileSync(indexFile, "utf8") : "";

  app.get("/app", async (_request, reply) => reply.redirect("/app/"));

  app.get("/app/signed-out", async (_request, reply) =>
    sendMessagePage(reply, 200, {
      title: "Signed out",
      message: "You are signed out of the dashboard, and its access to your account was revoked.",
      link: { href: "/app/auth/login", label: "Sign in again" },
      secondary: { href: "/account", label: "Also log out of your Kurz account" },
    }),
  );

  app.get("/app/*", async (request, reply) => {
    if (!(await currentSession(ctx, request))) {
      return reply
        .header("cache-control", "no-store")
        .redirect(`/app/auth/login?return_to=${encodeURIComponent(request.url)}`);
    }
    if (!built) {
      return sendMessagePage(reply, 503, {
        title: "Dashboard not built",
        message: "The web app has not been built: run `make build` (make start and make test do).",
        link: { href: "/account", label: "Your account" },
      });
    }
    return reply
      .header("content-type", "text/html; charset=utf-8")
      .header("cache-control", "no-cache")
      .header("content-security-policy", WEB_APP_CSP)
      .header("x-content-type-options", "nosniff")
      .header("referrer-policy", "same-origin")
      .send(indexHtml);
  });
}
