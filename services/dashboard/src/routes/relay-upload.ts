import type { IncomingMessage } from "node:http";
import { Transform } from "node:stream";
import { AppError } from "@kurz/errors";

export interface RelayUpload {
  /** The page's bytes as they arrive, for undici's `body`; fails past the limit or on abort. */
  stream: Transform;
  /** PAYLOAD_TOO_LARGE once the upload went past the limit, else undefined. */
  tooLarge(): AppError | undefined;
}

/**
 * An upload relayed as it arrives (routes with a large body limit: link imports), counted: the
 * relay holds a few chunks at a time, never the file. Past `limit` the stream fails (undici drops
 * the API's request) and tooLarge() says so; a page that leaves mid-upload fails it too, so the
 * API's request is aborted rather than left waiting.
 */
export function relayUpload(request: IncomingMessage, limit: number): RelayUpload {
  let size = 0;
  let tooLarge: AppError | undefined;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.length;
      if (size > limit) {
        tooLarge ??= new AppError("PAYLOAD_TOO_LARGE");
        request.unpipe(stream);
        callback(tooLarge);
        return;
      }
      callback(null, chunk);
    },
  });
  request.once("close", () => {
    if (!request.complete) stream.destroy(new Error("the page aborted its upload"));
  });
  request.pipe(stream);
  return { stream, tooLarge: () => tooLarge };
}
