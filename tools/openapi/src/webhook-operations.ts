import type { DescribedWebhookEvent } from "@kurz/webhook-dispatcher";
import type { OpenAPIV3_1 } from "openapi-types";

const header = (name: string, description: string, example: string): OpenAPIV3_1.ParameterObject => ({
  name,
  in: "header",
  required: true,
  description,
  schema: { type: "string" },
  example,
});

/** The Standard Webhooks v1 headers every delivery carries. */
const SIGNATURE_HEADERS = [
  header(
    "webhook-id",
    "The message id: the same on every retry and replay of this event (your idempotency key).",
    "msg_2f1c6b0d9e8a4b7c8d9e0f1a2b3c4d5e",
  ),
  header(
    "webhook-timestamp",
    "Unix seconds of this attempt; reject it when more than 5 minutes off.",
    "1764151200",
  ),
  header(
    "webhook-signature",
    "Space-separated `v1,<base64 HMAC-SHA256 of webhook-id.webhook-timestamp.body>`, one per live secret " +
      "(two for 24 h after a rotation). Verify with any Standard Webhooks library and your whsec_ secret.",
    "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=",
  ),
];

/**
 * The OpenAPI 3.1 `webhooks` section: one POST per event type Kurz sends to your endpoint, with
 * its versioned JSON Schema, an example and the signature headers.
 */
export function webhookOperations(
  events: readonly DescribedWebhookEvent[],
): Record<string, OpenAPIV3_1.PathItemObject> {
  return Object.fromEntries(
    events.map((event): [string, OpenAPIV3_1.PathItemObject] => {
      const { $schema: _ignored, ...schema } = event.schema;
      // JSON Schema 2020-12 from zod is valid OpenAPI 3.1; openapi-types' unions cannot say so.
      const item = {
        post: {
          tags: ["Webhooks"],
          summary: event.type,
          description: `${event.description} Schema: ${String(schema.$id)}.`,
          operationId: `webhook_${event.type.replace(".", "_")}`,
          parameters: SIGNATURE_HEADERS,
          requestBody: {
            required: true,
            content: {
              "application/json": {
                schema,
                example: event.example,
              },
            },
          },
          responses: {
            "2XX": {
              description:
                "Received. Answer within 15 s; anything else is retried (410 disables the endpoint).",
            },
          },
        },
      };
      return [event.type, item as unknown as OpenAPIV3_1.PathItemObject];
    }),
  );
}
