import type { Socket } from "node:net";
import { AppError, toRestErrorBody } from "@kurz/errors";

/**
 * A request Node's HTTP parser could not read (headers over the size limit, bad framing, invalid
 * characters): 431 or 400 in the Kurz error body, written on the socket, which then closes.
 */
export function answerClientError(error: NodeJS.ErrnoException, socket: Socket): void {
  if (!socket.writable || error.code === "ECONNRESET") {
    socket.destroy();
    return;
  }
  const tooLarge = error.code === "HPE_HEADER_OVERFLOW";
  const { status, body } = toRestErrorBody(
    tooLarge
      ? new AppError("HEADERS_TOO_LARGE")
      : new AppError("VALIDATION_ERROR", { message: "Malformed HTTP request" }),
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
