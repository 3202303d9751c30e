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
  const answer = toRestErrorBody(new AppError(code, message ? { message } : {}));
  const payload = JSON.stringify(answer.body);
  response.writeHead(answer.status, {
    "content-type": "application/json; charset=utf-8",
    "content-length": Buffer.byteLength(payload),
    "cache-control": "no-store",
    ...answer.headers,
    ...headers,
  });
  response.end(payload);
}
