import { timestampMs } from "@bufbuild/protobuf/wkt";
import { AppError } from "@kurz/errors";
import { decodeEnvelope, decodePayload } from "@kurz/events";
import { clicksV1 } from "@kurz/proto";
import { type ConversionRow, toClickHouseTime } from "./click-row";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The stored row of a `conversion.recorded` event, undefined for other types; throws when malformed. */
export function decodeConversion(value: Uint8Array): ConversionRow | undefined {
  const envelope = decodeEnvelope(value);
  let conversion: clicksV1.ConversionRecorded | undefined;
  try {
    conversion = decodePayload(envelope, clicksV1.ConversionRecordedSchema);
  } catch (error) {
    throw new AppError("VALIDATION_ERROR", {
      message: "invalid conversion event: undecodable",
      cause: error,
    });
  }
  if (!conversion) return undefined;
  if (!UUID.test(conversion.conversionId) || !UUID.test(conversion.clickId)) {
    throw new AppError("VALIDATION_ERROR", { message: "invalid conversion event: ids are not UUIDs" });
  }
  if (conversion.accountId === "" || !conversion.occurredAt) {
    throw new AppError("VALIDATION_ERROR", { message: "invalid conversion event: account or time missing" });
  }
  const occurredAtMs = timestampMs(conversion.occurredAt);
  return {
    conversion_id: conversion.conversionId.toLowerCase(),
    click_id: conversion.clickId.toLowerCase(),
    occurred_at: toClickHouseTime(occurredAtMs),
    clicked_at: toClickHouseTime(conversion.clickedAt ? timestampMs(conversion.clickedAt) : occurredAtMs),
    account_id: conversion.accountId,
    link_id: conversion.linkId,
    host: conversion.host,
    code: conversion.code,
    campaign_id: conversion.campaignId,
    ab_test_id: conversion.abTestId,
    variant_id: conversion.variantId,
    event_name: conversion.eventName,
    value: conversion.value === undefined ? null : conversion.value.toFixed(4),
    currency: conversion.currency,
    metadata: conversion.metadataJson,
    retention_days: 0,
  };
}
