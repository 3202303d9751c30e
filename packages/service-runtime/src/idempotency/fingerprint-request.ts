import { createHash, type Hash } from "node:crypto";
import { Transform } from "node:stream";
import type { FastifyRequest, preParsingAsyncHookHandler } from "fastify";

const hashes = new WeakMap<FastifyRequest, Hash>();

/**
 * Starts the fingerprint of a request that carries an Idempotency-Key: SHA-256 of its method,
 * its URL (path and query, as sent) and the raw bytes of its body, hashed as the body parser
 * reads them. Raw bytes, not a canonical JSON of the parsed body: they need no rule for key
 * order, number spelling or duplicate members, do not change when a route's schema transforms
 * its input, work alike for every content type (a multipart upload too), and are what a retry
 * resends. A client that re-serializes its body differently gets 422, as it would for any
 * other change. A preParsing hook, so the body is hashed as it streams, never held twice.
 */
export function fingerprintRequestBody(mutating: (request: FastifyRequest) => boolean) {
  const hook: preParsingAsyncHookHandler = async (request, _reply, payload) => {
    if (!mutating(request) || request.headers["idempotency-key"] === undefined) return payload;
    const hash = createHash("sha256").update(`${request.method} ${request.url}\n`);
    hashes.set(request, hash);
    const tee = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        hash.update(chunk);
        done(null, chunk);
      },
    });
    // fastify bounds the body by what an earlier stage (a decompressor) reports it received.
    Object.defineProperty(tee, "receivedEncodedLength", {
      get: () => (payload as { receivedEncodedLength?: number }).receivedEncodedLength,
    });
    payload.on("error", (error) => tee.destroy(error));
    return payload.pipe(tee);
  };
  return hook;
}

/** The request's fingerprint, once its body was read (in a preHandler). */
export function requestFingerprint(request: FastifyRequest): string {
  const hash = hashes.get(request) ?? createHash("sha256").update(`${request.method} ${request.url}\n`);
  hashes.delete(request);
  return hash.digest("hex");
}
