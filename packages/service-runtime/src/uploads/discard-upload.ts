import type { IncomingMessage } from "node:http";

/** What a proxy reads and throws away of an upload it refuses, at most, before answering. */
const DISCARD_BYTES = 8 * 1024 * 1024;
const DISCARD_MS = 5_000;

/**
 * Reads the rest of an upload a proxy refuses (413: the edge, the dashboard's relay) and throws it away, up to 8 MiB or 5 s,
 * before the answer is sent and the connection closed. A socket closed with unread bytes is reset
 * (RST), and a client's kernel then drops what it had received but not yet read — the 413 among
 * it: the client sees "connection reset" instead of the answer (nginx's lingering close exists for
 * this). An upload past the bound is answered anyway.
 */
export function discardUpload(request: IncomingMessage): Promise<void> {
  if (request.complete || request.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    let discarded = 0;
    const done = () => {
      clearTimeout(timer);
      request.off("data", onData);
      request.off("end", done);
      request.off("close", done);
      request.pause();
      resolve();
    };
    const onData = (chunk: Buffer) => {
      discarded += chunk.length;
      if (discarded > DISCARD_BYTES) done();
    };
    const timer = setTimeout(done, DISCARD_MS);
    request.on("data", onData);
    request.once("end", done);
    request.once("close", done);
    request.resume();
  });
}
