import type { eventsV1 } from "@kurz/proto";
import { clicksV1 } from "@kurz/proto";
import type { z } from "zod";
import type { conversionDataSchema } from "./conversion-payloads";
import { decodeEventPayload } from "./decode-event-payload";
import { invalidEvent } from "./invalid-event";
import { isoTimeOf } from "./iso-time-of";
import type { MappedEvent } from "./mapped-event";
import type { WebhookPayloadDeps } from "./webhook-payload-deps";

type ConversionData = z.output<typeof conversionDataSchema>;

export type MappedConversionEvent = MappedEvent<"conversion.recorded", ConversionData>;

function metadataOf(envelope: eventsV1.EventEnvelope, json: string): ConversionData["metadata"] {
  if (json === "") return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch (error) {
    throw invalidEvent(envelope, "metadata_json is not JSON", error);
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
    throw invalidEvent(envelope, "metadata_json is not a JSON object");
  }
  return parsed as Record<string, unknown>;
}

/** conversion.recorded (ConversionRecorded) as the webhook of the same name. */
export function mapConversionEvent(
  envelope: eventsV1.EventEnvelope,
  deps: Pick<WebhookPayloadDeps, "shortUrl">,
): MappedConversionEvent {
  const conversion = decodeEventPayload(envelope, clicksV1.ConversionRecordedSchema);
  if (conversion.conversionId === "" || conversion.linkId === "") {
    throw invalidEvent(envelope, "ConversionRecorded has no conversion_id or link_id");
  }
  return {
    type: "conversion.recorded",
    data: {
      conversion_id: conversion.conversionId,
      click_id: conversion.clickId,
      event_name: conversion.eventName,
      value: conversion.value ?? null,
      currency: conversion.currency || "USD",
      metadata: metadataOf(envelope, conversion.metadataJson),
      occurred_at: isoTimeOf(envelope, conversion.occurredAt, "occurred_at"),
      clicked_at: isoTimeOf(envelope, conversion.clickedAt, "clicked_at"),
      link_id: conversion.linkId,
      short_code: conversion.code,
      domain: conversion.host,
      short_url: deps.shortUrl(conversion.host, conversion.code),
      campaign_id: conversion.campaignId || null,
      ab_test_id: conversion.abTestId || null,
      variant_id: conversion.variantId || null,
    },
    linkId: conversion.linkId,
  };
}
