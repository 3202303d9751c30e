import type { ServerResponse } from "node:http";
import type { Socket } from "node:net";
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

/**
 * A request Node's parser could not read (oversize headers, bad framing, invalid characters):
 * 431 or 400 in the Kurz error body, written on the socket, which then closes.
 */
export function answerClientError(error: NodeJS.ErrnoException, socket: Socket): void {
  if (!socket.writable || error.code === "ECONNRESET") {
    socket.destroy();
    return;
  }
  const tooLarge = error.code === "HPE_HEADER_OVERFLOW";
  const { status, body } = toRestErrorBody(
    new AppError(
      tooLarge ? "HEADERS_TOO_LARGE" : "VALIDATION_ERROR",
      tooLarge ? {} : { message: "Malformed HTTP request" },
    ),
  );
  const payload = JSON.stringify(body);
  socket.end(
    `HTTP/1.1 ${status} ${tooLarge ? "Request Header Fields Too Large" : "Bad Request"}\r\n` +
      "content-type: application/json; charset=utf-8\r\n" +
      `content-length: ${Buffer.byteLength(payload)}\r\n` +
      "cache-control: no-store\r\nconnection: close\r\n\r\n" +
      payload,
  );
}
