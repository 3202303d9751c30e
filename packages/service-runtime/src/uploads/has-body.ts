import type { IncomingMessage } from "node:http";

/** Whether the request announced a body (RFC 9112 §6.3: Content-Length above 0 or Transfer-Encoding). */
export function hasBody(request: Pick<IncomingMessage, "headers">): boolean {
  const length = request.headers["content-length"];
  if (length !== undefined) return Number(length) > 0;
  return request.headers["transfer-encoding"] !== undefined;
}
