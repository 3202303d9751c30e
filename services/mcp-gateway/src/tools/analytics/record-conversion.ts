import { timestampDate } from "@bufbuild/protobuf/wkt";
import { z } from "zod";
import { defineTool } from "../tool-definition";

export const recordConversion = defineTool({
  name: "recordConversion",
  title: "Record a conversion",
  description:
    "Records a conversion (a purchase, a sign-up...) for the click that brought the visitor: the landing page received `svc_click_id` from a conversion-tracked link. It counts for that link, its campaign and its A/B variant. Sending the same idempotency_key again records nothing new.",
  input: {
    svc_click_id: z.string().min(1).max(100).describe("The click id the landing page got in its URL"),
    event_name: z.string().min(1).max(100).default("conversion").describe('e.g. "purchase", "signup"'),
    value: z.number().min(0).max(1e12).optional().describe("Money value, e.g. 49.90"),
    currency: z
      .string()
      .regex(/^[A-Z]{3}$/)
      .optional()
      .describe("ISO 4217, default USD"),
    metadata: z
      .record(z.string(), z.unknown())
      .optional()
      .describe("Extra fields (a JSON object, at most 4 KiB)"),
    idempotency_key: z
      .string()
      .max(200)
      .optional()
      .describe("Your own key: a retried report is recorded once"),
  },
  output: {
    conversion_id: z.string(),
    link: z.string().describe("The short code of the click's link"),
    variant_id: z.string().nullable(),
    event_name: z.string(),
    value: z.number().nullable(),
    currency: z.string(),
    occurred_at: z.string(),
  },
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  scope: "conversion:write",
  async run(clients, args) {
    const { conversion } = await clients.analytics.recordConversion({
      svcClickId: args.svc_click_id,
      eventName: args.event_name,
      ...(args.value === undefined ? {} : { value: args.value }),
      currency: args.currency ?? "",
      metadataJson: args.metadata === undefined ? "" : JSON.stringify(args.metadata),
      idempotencyKey: args.idempotency_key ?? "",
    });
    if (!conversion) throw new Error("analytics-ingest answered without a conversion");
    return {
      conversion_id: conversion.conversionId,
      link: conversion.link?.code ?? "",
      variant_id: conversion.variantId === "" ? null : conversion.variantId,
      event_name: conversion.eventName,
      value: conversion.value ?? null,
      currency: conversion.currency,
      occurred_at: conversion.occurredAt ? timestampDate(conversion.occurredAt).toISOString() : "",
    };
  },
});
