import { IDEMPOTENT_METHODS, MAX_IDEMPOTENCY_KEY_LENGTH } from "@kurz/service-runtime";
import type { OpenAPIV3_1 } from "openapi-types";

/** The REST API's operations, as opposed to the OAuth endpoints (their own error shape). */
const REST_PREFIX = "/api/v1/";
const ERROR_BODY = { "application/json": { schema: { $ref: "#/components/schemas/Error" } } };
const KEY_PARAMETER = { $ref: "#/components/parameters/IdempotencyKey" };
const REPLAYED_HEADER = { $ref: "#/components/headers/IdempotentReplayed" };
const IN_PROGRESS = "or a request with the same Idempotency-Key still in progress (CONFLICT, retryable)";

/** What every write of the REST API takes and answers because of honorIdempotencyKeys. */
const COMPONENTS = {
  parameters: {
    IdempotencyKey: {
      name: "Idempotency-Key",
      in: "header",
      required: false,
      description:
        "A key naming this request (a random UUID v4), so that sending it again is safe: the same " +
        "key with the same request within 24 h replays the first answer (2xx or 4xx) with " +
        "`Idempotent-Replayed: true` and does not run the request again; with another request " +
        "it is 422 IDEMPOTENCY_KEY_REUSED; while the first is in progress, 409 CONFLICT. Keys are " +
        "per account. A 5xx or 429 answer is not kept: retry with the same key.",
      schema: {
        type: "string",
        minLength: 1,
        maxLength: MAX_IDEMPOTENCY_KEY_LENGTH,
        pattern: "^[\\x20-\\x7E]+$",
      },
    },
  },
  headers: {
    IdempotentReplayed: {
      description: "`true` on an answer replayed for a repeated Idempotency-Key; absent otherwise.",
      schema: { type: "string", enum: ["true"] },
    },
  },
} satisfies OpenAPIV3_1.ComponentsObject;

/** A kept answer may be replayed: every 2xx and 4xx one but a rate refusal. */
function replayable(status: string): boolean {
  const code = Number(status);
  return code < 500 && code !== 429 && code !== 408;
}

/**
 * Documents Idempotency-Key on every POST, PUT, PATCH and DELETE under /api/v1 (every service
 * honors it there, @kurz/service-runtime honorIdempotencyKeys): the header parameter, the
 * Idempotent-Replayed header on the answers a replay repeats, 409 for a key in progress and 422
 * for a reused one. Generic here rather than in each route's schema, so no route can miss it.
 */
export function documentIdempotency(document: OpenAPIV3_1.Document): void {
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    if (!path.startsWith(REST_PREFIX) || item === undefined) continue;
    for (const method of IDEMPOTENT_METHODS) {
      const operation = item[method.toLowerCase() as OpenAPIV3_1.HttpMethods];
      if (operation === undefined) continue;
      operation.parameters = [...(operation.parameters ?? []), KEY_PARAMETER];
      operation.responses ??= {};
      const responses = operation.responses;
      for (const [status, response] of Object.entries(responses)) {
        if (!replayable(status) || "$ref" in response) continue;
        response.headers = { ...response.headers, "Idempotent-Replayed": REPLAYED_HEADER };
      }
      const conflict = responses["409"];
      if (conflict !== undefined && !("$ref" in conflict)) {
        conflict.description = `${conflict.description.replace(/\.$/, "")}; ${IN_PROGRESS}`;
      } else {
        responses["409"] = {
          description: `A request with the same Idempotency-Key is still in progress (CONFLICT, retryable)`,
          content: ERROR_BODY,
        };
      }
      responses["422"] = {
        description: "The Idempotency-Key was used with another request (IDEMPOTENCY_KEY_REUSED)",
        content: ERROR_BODY,
      };
    }
  }
  document.components ??= {};
  const components = document.components;
  components.parameters = { ...components.parameters, ...COMPONENTS.parameters };
  components.headers = { ...components.headers, ...COMPONENTS.headers };
}
