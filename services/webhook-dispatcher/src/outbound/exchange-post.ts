import type { IncomingHttpHeaders } from "node:http";
import type { Dispatcher } from "undici";

/** What a receiver answered, as far as a delivery attempt needs it. */
export interface PostAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  /** The first `excerptBytes` of the body, as text (a character cut in half at the end is left out). */
  excerpt: string;
}

export interface ExchangeOptions {
  /** The whole exchange — connect, send, read the answer — ends in an error after this. */
  timeoutMs: number;
  /** Read this far into the body and no further (the connection is closed when more comes). */
  maxReadBytes: number;
  excerptBytes: number;
}

/** Why an exchange failed: undici's error (the cause), or the deadline passing. */
export class ExchangeError extends Error {
  /** The deadline passed (whatever undici surfaced when the exchange was aborted). */
  readonly timedOut: boolean;
  /** The answer's status, when its headers had come before the failure. */
  readonly status: number | undefined;

  constructor(cause: unknown, timedOut: boolean, timeoutMs: number, status: number | undefined) {
    super(
      timedOut ? `no complete answer within ${timeoutMs} ms` : String((cause as Error)?.message ?? cause),
      {
        cause,
      },
    );
    this.name = "ExchangeError";
    this.timedOut = timedOut;
    this.status = status;
  }
}

/**
 * One POST through an undici dispatcher, answered once the response has been read (up to
 * `maxReadBytes`; a larger body is cut off by closing the connection, so a receiver cannot make
 * us read a gigabyte). Drives undici's handler interface directly: no abort signal, response stream
 * or async resource per request, which `request()` spends on every call — measurable at thousands of
 * deliveries a second (bench/run-delivery-bench.ts). Rejects with an ExchangeError.
 */
export function exchangePost(
  dispatcher: Dispatcher,
  request: { origin: string; path: string; headers: Record<string, string>; body: string | Uint8Array },
  options: ExchangeOptions,
): Promise<PostAnswer> {
  return new Promise((resolve, reject) => {
    let controller: Dispatcher.DispatchController | undefined;
    let timedOut = false;
    let settled = false;
    let status: number | undefined;
    let headers: IncomingHttpHeaders = {};
    const kept: Buffer[] = [];
    let keptBytes = 0;
    let readBytes = 0;

    const finish = (error: Error | undefined) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (timedOut || error) reject(new ExchangeError(error, timedOut, options.timeoutMs, status));
      else resolve({ status: status ?? 0, headers, excerpt: excerptOf(kept) });
    };
    const timer = setTimeout(() => {
      timedOut = true;
      // Before the request reached a socket there is nothing to abort yet: onRequestStart does it.
      controller?.abort(new Error("deadline passed"));
    }, options.timeoutMs);

    try {
      dispatcher.dispatch(
        {
          origin: request.origin,
          path: request.path,
          method: "POST",
          headers: request.headers,
          body: request.body,
        },
        {
          onRequestStart(started) {
            controller = started;
            if (timedOut) started.abort(new Error("deadline passed"));
          },
          onResponseStart(_controller, statusCode, responseHeaders) {
            status = statusCode;
            headers = responseHeaders;
          },
          onResponseData(current, chunk) {
            readBytes += chunk.length;
            if (keptBytes < options.excerptBytes) {
              const slice = chunk.subarray(0, options.excerptBytes - keptBytes);
              kept.push(slice);
              keptBytes += slice.length;
            }
            if (readBytes >= options.maxReadBytes) {
              // Enough read: answer with what we have and drop the connection (the rest is unread).
              finish(undefined);
              current.abort(new Error("response read limit reached"));
            }
          },
          onResponseEnd() {
            finish(undefined);
          },
          onResponseError(_controller, error) {
            finish(error);
          },
        },
      );
    } catch (error) {
      finish(error as Error);
    }
  });
}

function excerptOf(kept: Buffer[]): string {
  if (kept.length === 0) return "";
  // stream: true holds back a character cut in half at the excerpt's end instead of decoding it as U+FFFD.
  return new TextDecoder("utf-8").decode(kept.length === 1 ? kept[0] : Buffer.concat(kept), { stream: true });
}
