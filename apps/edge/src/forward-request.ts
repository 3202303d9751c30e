import type { IncomingMessage, ServerResponse } from "node:http";
import { pipeline } from "node:stream/promises";
import type { Logger } from "@kurz/logger";
import type { ServiceName } from "@kurz/routes";
import {
  BodyTooLargeError,
  discardUpload,
  hasBody,
  type StreamedBody,
  streamRequestBody,
  UploadAbortedError,
} from "@kurz/service-runtime";
import type { Pool } from "undici";
import { sendEdgeError } from "./edge-error";
import { withForwardingHeaders } from "./forwarding-headers";
import { endToEndHeaders } from "./hop-by-hop";
import { readRequestBody } from "./read-request-body";

export interface Upstream {
  service: ServiceName;
  pool: Pool;
  /**
   * The request's body limit (@kurz/routes requestBodyLimit: the route's own, else the
   * service's): more is refused here with 413.
   */
  maxBodyBytes: number;
  /**
   * Whether the body is streamed to the service as it arrives (large uploads: link imports)
   * rather than held whole first (everything else: small bodies, where holding is cheaper).
   */
  streamed: boolean;
}

export interface ForwardedRequest {
  /** Origin form, exactly as received. */
  path: string;
  /** The host the client asked for (Host header, or an absolute-form target's authority). */
  host: string;
  /** The client, as the edge determined it (never a client's own X-Forwarded-For). */
  clientAddress: string;
  /**
   * A health probe of the service itself (/.kurz/health/<service>): sent as a probe would be,
   * without X-Forwarded-* (the redirector reads a forwarded /readyz as the short code "readyz").
   */
  probe?: boolean;
}

/** Connection-level failures: the service is not there (restarting, overloaded, down). */
const UNAVAILABLE = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "EHOSTUNREACH",
  "ENOTFOUND",
  "EPIPE",
  "UND_ERR_SOCKET",
  "UND_ERR_CLOSED",
  "UND_ERR_DESTROYED",
  "UND_ERR_CONNECT_TIMEOUT",
]);

function upstreamFailure(error: unknown): "DEPENDENCY_UNAVAILABLE" | "TIMEOUT" | "BAD_GATEWAY" {
  const code = (error as { code?: string }).code ?? "";
  if (code === "UND_ERR_HEADERS_TIMEOUT") return "TIMEOUT";
  if (UNAVAILABLE.has(code)) return "DEPENDENCY_UNAVAILABLE";
  return "BAD_GATEWAY";
}

/**
 * Passes one request to the service that owns its path and streams the answer back. The target
 * is sent byte for byte (never decoded, so a malformed %-escape is the service's to judge);
 * hop-by-hop headers stay behind; X-Forwarded-For/-Host/-Proto are set from what the
 * edge itself saw, replacing anything the client sent (and Forwarded / X-Real-IP are dropped).
 * A body is held whole before it is passed on, except on routes with a large limit (link-import
 * uploads), where it is streamed as it arrives and cut off past the limit.
 * Every failure is answered in the Kurz error body: 413 over the route's body limit, 503 when the
 * service cannot be reached, 504 when it does not answer in time, 502 when its answer cannot be
 * passed on.
 */
export async function forwardRequest(
  request: IncomingMessage,
  response: ServerResponse,
  upstream: Upstream,
  forwarded: ForwardedRequest,
  logger: Logger,
): Promise<void> {
  const headers = withForwardingHeaders(endToEndHeaders(request.headers), forwarded);
  let body: Buffer | StreamedBody["stream"] | null = null;
  let streamed: StreamedBody | undefined;
  if (upstream.streamed && hasBody(request)) {
    // Content-Length (kept in `headers`) or chunked: undici sends the stream as it was framed.
    if (Number(request.headers["content-length"] ?? 0) > upstream.maxBodyBytes) {
      await refuseTooLarge(request, response);
      return;
    }
    streamed = streamRequestBody(request, upstream.maxBodyBytes);
    body = streamed.stream;
  } else {
    const held = await readRequestBody(request, upstream.maxBodyBytes);
    if (held.kind === "aborted") {
      response.destroy();
      return;
    }
    if (held.kind === "too-large") {
      await refuseTooLarge(request, response);
      return;
    }
    if (held.kind === "bytes") {
      headers["content-length"] = String(held.bytes.length);
      body = held.bytes;
    }
  }

  const abort = new AbortController();
  response.once("close", () => {
    if (!response.writableFinished) abort.abort();
  });
  let answer: Awaited<ReturnType<Pool["request"]>>;
  try {
    answer = await upstream.pool.request({
      path: forwarded.path,
      method: (request.method ?? "GET") as "GET",
      headers,
      body,
      signal: abort.signal,
    });
  } catch (error) {
    const failure = streamed?.failure();
    if (failure instanceof BodyTooLargeError) {
      // The service saw its request cut off (undici dropped it); the client gets the 413.
      streamed?.detach();
      await refuseTooLarge(request, response);
      return;
    }
    if (abort.signal.aborted || failure instanceof UploadAbortedError) {
      response.destroy();
      return;
    }
    const code = upstreamFailure(error);
    logger.warn({ event: "edge.upstream_failed", service: upstream.service, code, err: error });
    sendEdgeError(
      response,
      code,
      code === "DEPENDENCY_UNAVAILABLE" ? `${upstream.service} is unavailable` : undefined,
    );
    return;
  }
  if (response.destroyed) {
    answer.body.destroy();
    return;
  }
  response.writeHead(answer.statusCode, endToEndHeaders(answer.headers));
  try {
    await pipeline(answer.body, response);
  } catch (error) {
    // The client left, or the service broke off mid-answer: nothing more can be said.
    if (!abort.signal.aborted) {
      logger.warn({ event: "edge.upstream_body_failed", service: upstream.service, err: error });
    }
    response.destroy();
  }
  if (streamed && !request.complete) {
    // The service answered before it had read the whole upload (its own 413, a 401): the rest
    // is read (bounded) and dropped, and the connection, whose framing is now unknown, closed.
    streamed.detach();
    await discardUpload(request);
    request.destroy();
  }
}

/**
 * 413 for a body over the limit. The connection is not reused: what is left of the upload is
 * read (bounded) and dropped first, so the client gets the answer rather than a reset.
 */
async function refuseTooLarge(request: IncomingMessage, response: ServerResponse): Promise<void> {
  await discardUpload(request);
  sendEdgeError(response, "PAYLOAD_TOO_LARGE", undefined, { connection: "close" });
  response.once("finish", () => request.destroy());
}
