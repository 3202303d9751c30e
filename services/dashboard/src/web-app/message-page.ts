import { PAGE_ICON_HREF } from "@kurz/service-runtime";
import type { FastifyReply } from "fastify";

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c,
  );

export interface MessagePage {
  title: string;
  message: string;
  link: { href: string; label: string };
  /** A second, quieter way on. */
  secondary?: { href: string; label: string };
}

/** The strictest policy: these pages run no script and load nothing but their inline icon. */
export const MESSAGE_PAGE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src data:; frame-ancestors 'none'; base-uri 'none'; form-action 'self'";

/**
 * A small server-rendered page for what happens outside the web app (a sign-in that failed, the
 * signed-out state, the web app not built), readable without JavaScript.
 */
export function sendMessagePage(reply: FastifyReply, status: number, page: MessagePage) {
  const link = (l: { href: string; label: string }) =>
    `<a href="${escapeHtml(l.href)}">${escapeHtml(l.label)}</a>`;
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="${PAGE_ICON_HREF}"><title>${escapeHtml(page.title)} · Kurz</title>
<style>body{font:16px/1.5 system-ui,sans-serif;margin:0;display:grid;place-items:center;min-height:100vh;background:#f6f7f9;color:#1b1f24}
main{background:#fff;padding:2rem;border-radius:12px;max-width:28rem;box-shadow:0 1px 3px #0002}
a{color:#0b57d0}a:focus-visible{outline:3px solid #0b57d0;outline-offset:2px}p.more{font-size:.9rem}</style></head>
<body><main><h1>${escapeHtml(page.title)}</h1><p>${escapeHtml(page.message)}</p><p>${link(page.link)}</p>${
    page.secondary ? `<p class="more">${link(page.secondary)}</p>` : ""
  }</main></body></html>`;
  return reply
    .code(status)
    .header("content-type", "text/html; charset=utf-8")
    .header("cache-control", "no-store")
    .header("content-security-policy", MESSAGE_PAGE_CSP)
    .header("x-content-type-options", "nosniff")
    .send(html);
}
