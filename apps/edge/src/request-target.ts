import type { IncomingMessage } from "node:http";

/** The request target in origin form, and the authority an absolute-form target named. */
export interface RequestTarget {
  /** `/path?query`, exactly as received (never decoded or re-encoded). */
  path: string;
  /** From an absolute-form target (`GET http://host/path`): it replaces the Host header. */
  authority?: string;
}

const ABSOLUTE_FORM = /^https?:\/\/([^/?#]*)([^#]*)/i;

/**
 * The four request-target forms of RFC 9112 §3.2: origin form passes as is; absolute form, which
 * every HTTP/1.1 server must accept, becomes origin form and its authority the host; the
 * asterisk form (`OPTIONS *`) and anything else is answered by the edge itself (`undefined`).
 */
export function readRequestTarget(url: string): RequestTarget | undefined {
  if (url.startsWith("/")) return { path: url };
  const absolute = ABSOLUTE_FORM.exec(url);
  if (!absolute) return undefined;
  const [, authority = "", rest = ""] = absolute;
  const path = rest === "" ? "/" : rest.startsWith("?") ? `/${rest}` : rest;
  if (authority === "" || !path.startsWith("/")) return undefined;
  return { path, authority };
}

const TARGETS = new WeakMap<IncomingMessage, RequestTarget>();

/** Remembers a request's target (read once, before routing). */
export function rememberTarget(request: IncomingMessage, target: RequestTarget): void {
  TARGETS.set(request, target);
}

export function targetOf(request: IncomingMessage): RequestTarget | undefined {
  return TARGETS.get(request);
}
