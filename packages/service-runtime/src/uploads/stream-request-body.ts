import type { IncomingMessage } from "node:http";
import { Transform } from "node:stream";

/** The upload grew past its route's limit while it was streamed. */
export class BodyTooLargeError extends Error {
  constructor(limit: number) {
    super(`request body over ${limit} bytes`);
  }
}

/** The client went away before its upload was complete. */
export class UploadAbortedError extends Error {
  constructor() {
    super("the client aborted its upload");
  }
}

export interface StreamedBody {
  /** The request's bytes as they arrive, for undici's `body`; errors past the limit or on abort. */
  stream: Transform;
  /** Why the stream failed, once it has (undefined while it has not). */
  failure(): BodyTooLargeError | UploadAbortedError | undefined;
  /** Stops reading the request into the stream (to discard the rest, or after the answer). */
  detach(): void;
}

/**
 * A request body passed on as it arrives, counted: never more than a few chunks held (the pipe's
 * backpressure waits for the service's socket), so a 50 MB upload costs the proxy (the edge, the dashboard's relay) no 50 MB. Past
 * `limit` the stream fails with BodyTooLargeError (undici then drops the request to the service);
 * a client that leaves mid-upload fails it with UploadAbortedError, so the service's request is
 * aborted rather than left waiting for bytes that never come.
 */
export function streamRequestBody(request: IncomingMessage, limit: number): StreamedBody {
  let size = 0;
  let failed: BodyTooLargeError | UploadAbortedError | undefined;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.length;
      if (size > limit) {
        failed ??= new BodyTooLargeError(limit);
        request.unpipe(stream);
        request.pause();
        callback(failed);
        return;
      }
      callback(null, chunk);
    },
  });
  const onClose = () => {
    if (request.complete) return;
    failed ??= new UploadAbortedError();
    stream.destroy(failed);
  };
  request.once("close", onClose);
  request.pipe(stream);
  return {
    stream,
    failure: () => failed,
    detach() {
      request.off("close", onClose);
      request.unpipe(stream);
      if (!stream.destroyed) stream.destroy();
    },
  };
}
