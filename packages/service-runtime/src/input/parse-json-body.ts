import { AppError } from "@kurz/errors";
import type { FastifyInstance } from "fastify";
import secureJson from "secure-json-parse";

const utf8 = new TextDecoder("utf-8", { fatal: true });
const BODILESS_METHODS = new Set(["DELETE", "GET", "HEAD", "OPTIONS"]);

/**
 * `application/json` bodies: bytes that are not UTF-8 are refused (a decoder that replaced them
 * with U+FFFD would store junk the client never meant), then parsed with prototype-poisoning
 * protection as fastify's own parser does. Any failure is 400 INVALID_JSON. An empty body is no
 * body for the methods that carry none (DELETE, GET, HEAD, OPTIONS): many clients send
 * `Content-Type: application/json` on every request, their DELETEs included.
 */
export function parseJsonBodies(app: FastifyInstance): void {
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "buffer" }, (request, body, done) => {
    const bytes = body as Buffer;
    if (bytes.length === 0 && BODILESS_METHODS.has(request.method)) {
      done(null, undefined);
      return;
    }
    if (bytes.length === 0) {
      done(new AppError("INVALID_JSON", { message: "The request body is empty" }), undefined);
      return;
    }
    let text: string;
    try {
      text = utf8.decode(bytes);
    } catch {
      done(new AppError("INVALID_JSON", { message: "The request body is not valid UTF-8" }), undefined);
      return;
    }
    try {
      done(null, secureJson.parse(text, undefined, { protoAction: "error", constructorAction: "error" }));
    } catch {
      done(new AppError("INVALID_JSON"), undefined);
    }
  });
}
