import type { ServerResponse } from "node:http";
import { AppError, type ErrorCode, toRestErrorBody } from "@kurz/errors";

/** Answers with the one Kurz error body on a raw response (the edge forwards outside fastify's reply). */
export function sendEdgeError(
  response: ServerResponse,
  code: ErrorCode,
  message?: string,
  headers: Record<string, string> = {},
): void {
  if (response.headersSent) {
    response.destroy();
    return;
  }
  const { status, body } = toRestErrorBody(new AppError(code, message ? { message } : {}));
  const payload = JSON.stringify(body);
  response.writeHead(status, {
    "content-type": "application/json; charset=utf-8",
    "content-length": Buffer.byteLength(payload),
    "cache-control": "no-store",
    ...headers,
  });
  response.end(payload);
}
