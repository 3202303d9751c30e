import { z } from "zod";
import { abTestCompletedDataSchema, abTestPayloadExamples, abTestStartedDataSchema } from "./abtest-payloads";
import { campaignDataSchema, campaignPayloadExamples } from "./campaign-payloads";
import { clickDataSchema, clickPayloadExamples } from "./click-payloads";
import { conversionDataSchema, conversionPayloadExamples } from "./conversion-payloads";
import { domainPayloadExamples, domainVerifiedDataSchema } from "./domain-payloads";
import {
  linkCreatedDataSchema,
  linkDeletedDataSchema,
  linkPayloadExamples,
  linkUpdatedDataSchema,
} from "./link-payloads";
import { qrCodeDataSchema, qrPayloadExamples } from "./qr-payloads";
import { testPayloadExamples, webhookTestDataSchema } from "./test-payload";
import { WEBHOOK_EVENT_DESCRIPTIONS, type WebhookEventType } from "./webhook-event-types";
import { isoTimeField } from "./webhook-payload-fields";

/** The contract of one event type's `data`. */
export interface WebhookPayloadDefinition<S extends z.ZodType = z.ZodType> {
  /** `kurz.webhook.<type>.v<version>`: the `$id` of its JSON Schema. */
  name: string;
  /**
   * Raised only by an incompatible change (a field removed, renamed or retyped), which would also
   * need a new body beside the old one; adding a field keeps the version (objects stay open).
   */
  version: number;
  description: string;
  schema: S;
  example: z.input<S>;
}

function define<S extends z.ZodType>(
  type: WebhookEventType,
  version: number,
  schema: S,
  example: z.input<S>,
): WebhookPayloadDefinition<S> {
  return {
    name: `kurz.webhook.${type}.v${version}`,
    version,
    description: WEBHOOK_EVENT_DESCRIPTIONS[type],
    schema,
    example,
  };
}

/** Every webhook event type's `data` contract. */
export const WEBHOOK_PAYLOADS = {
  "link.created": define("link.created", 1, linkCreatedDataSchema, linkPayloadExamples["link.created"]),
  "link.updated": define("link.updated", 1, linkUpdatedDataSchema, linkPayloadExamples["link.updated"]),
  "link.deleted": define("link.deleted", 1, linkDeletedDataSchema, linkPayloadExamples["link.deleted"]),
  "link.clicked": define("link.clicked", 1, clickDataSchema, clickPayloadExamples["link.clicked"]),
  "qr.created": define("qr.created", 1, qrCodeDataSchema, qrPayloadExamples["qr.created"]),
  "qr.updated": define("qr.updated", 1, qrCodeDataSchema, qrPayloadExamples["qr.updated"]),
  "qr.deleted": define("qr.deleted", 1, qrCodeDataSchema, qrPayloadExamples["qr.deleted"]),
  "qr.scanned": define("qr.scanned", 1, clickDataSchema, clickPayloadExamples["qr.scanned"]),
  "campaign.created": define(
    "campaign.created",
    1,
    campaignDataSchema,
    campaignPayloadExamples["campaign.created"],
  ),
  "campaign.updated": define(
    "campaign.updated",
    1,
    campaignDataSchema,
    campaignPayloadExamples["campaign.updated"],
  ),
  "campaign.deleted": define(
    "campaign.deleted",
    1,
    campaignDataSchema,
    campaignPayloadExamples["campaign.deleted"],
  ),
  "domain.verified": define(
    "domain.verified",
    1,
    domainVerifiedDataSchema,
    domainPayloadExamples["domain.verified"],
  ),
  "conversion.recorded": define(
    "conversion.recorded",
    1,
    conversionDataSchema,
    conversionPayloadExamples["conversion.recorded"],
  ),
  "abtest.started": define(
    "abtest.started",
    1,
    abTestStartedDataSchema,
    abTestPayloadExamples["abtest.started"],
  ),
  "abtest.completed": define(
    "abtest.completed",
    1,
    abTestCompletedDataSchema,
    abTestPayloadExamples["abtest.completed"],
  ),
  "webhook.test": define("webhook.test", 1, webhookTestDataSchema, testPayloadExamples["webhook.test"]),
} satisfies Record<WebhookEventType, WebhookPayloadDefinition>;

export type WebhookPayloadData<T extends WebhookEventType> = z.output<(typeof WEBHOOK_PAYLOADS)[T]["schema"]>;

/** The JSON body delivered for one event type (Standard Webhooks: type, timestamp, data). */
export interface WebhookPayloadBody<T extends WebhookEventType = WebhookEventType> {
  type: T;
  /** When the event happened (not when it is delivered: retries keep it), ISO 8601 UTC. */
  timestamp: string;
  data: WebhookPayloadData<T>;
}

/** A body of any type, narrowed by `type`. */
export type AnyWebhookPayloadBody = { [T in WebhookEventType]: WebhookPayloadBody<T> }[WebhookEventType];

/** The zod schema of a whole body of one type. */
export function webhookBodySchema<T extends WebhookEventType>(type: T) {
  const definition = WEBHOOK_PAYLOADS[type];
  return z
    .object({
      type: z.literal(type).describe("The event type"),
      timestamp: isoTimeField("When the event happened; retries keep it"),
      data: definition.schema,
    })
    .describe(definition.description);
}

const EXAMPLE_TIMESTAMP = "2025-03-14T09:26:54.012Z";

/** The example body of a type: its example `data` in the envelope. */
export function webhookExampleBody<T extends WebhookEventType>(type: T): WebhookPayloadBody<T> {
  return {
    type,
    timestamp: EXAMPLE_TIMESTAMP,
    data: WEBHOOK_PAYLOADS[type].example as WebhookPayloadData<T>,
  };
}

/**
 * The JSON Schema (draft 2020-12) of a whole body of one type, with its example.
 *
 * Generated for zod's input side, where objects carry no `additionalProperties: false`: a version
 * only ever gains fields, and a receiver that validates with this schema must keep accepting
 * bodies when one is added.
 */
export function webhookPayloadJsonSchema(type: WebhookEventType): Record<string, unknown> {
  const definition = WEBHOOK_PAYLOADS[type];
  const { $schema, ...schema } = z.toJSONSchema(webhookBodySchema(type), {
    target: "draft-2020-12",
    io: "input",
  });
  return {
    $schema,
    $id: definition.name,
    title: definition.name,
    ...schema,
    examples: [webhookExampleBody(type)],
  };
}
