import type { FastifyReply } from "fastify";

/** An HTML page instead of a redirect: never cached, never indexed. */
export function sendPage(
  reply: FastifyReply,
  status: number,
  html: string,
  headers: Record<string, string> = {},
): FastifyReply {
  return reply
    .code(status)
    .headers({
      "content-type": "text/html; charset=utf-8",
      "cache-control": "no-store",
      "x-robots-tag": "noindex",
      ...headers,
    })
    .send(html);
}
