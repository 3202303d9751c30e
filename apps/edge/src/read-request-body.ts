import type { IncomingMessage } from "node:http";
import { hasBody } from "@kurz/service-runtime";

/** A request's body, held whole, or the news that it is over the service's limit. */
export type RequestBody =
  | { kind: "none" }
  | { kind: "bytes"; bytes: Buffer }
  | { kind: "too-large" }
  | { kind: "aborted" };

/**
 * Reads a request body up to `limit` bytes. The edge holds a body before passing it on so that a
 * body over the owning service's limit is refused here with 413 (the service would refuse it too,
 * but a service closing its end mid-upload turns into a reset, not an answer), and so that an
 * upload cut short never reaches a service. A declared Content-Length over the limit is refused
 * without reading.
 */
export function readRequestBody(request: IncomingMessage, limit: number): Promise<RequestBody> {
  if (!hasBody(request)) return Promise.resolve({ kind: "none" });
  if (Number(request.headers["content-length"] ?? 0) > limit) return Promise.resolve({ kind: "too-large" });
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const settle = (body: RequestBody) => {
      if (settled) return;
      settled = true;
      request.off("data", onData);
      resolve(body);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        request.pause();
        settle({ kind: "too-large" });
        return;
      }
      chunks.push(chunk);
    };
    request.on("data", onData);
    request.once("end", () => settle({ kind: "bytes", bytes: Buffer.concat(chunks, size) }));
    request.once("error", () => settle({ kind: "aborted" }));
    request.once("close", () => {
      if (!request.complete) settle({ kind: "aborted" });
    });
  });
}
