import { timestampFromMs } from "@bufbuild/protobuf/wkt";
import type { ClickStore } from "@kurz/clickstore";
import { type Clock, systemClock } from "@kurz/clock";
import { AppError } from "@kurz/errors";
import { type EventProducer, eventTopics, publishEvent } from "@kurz/events";
import { clicksV1 } from "@kurz/proto";
import type { Conversion } from "../analytics/analytics-types";
import type { ClickRow, ConversionRow } from "../ingest/click-row";
import type { RowBatcher } from "../ingest/row-batcher";
import { findClick, type StoredClick } from "../queries/find-click";
import { findConversion } from "../queries/find-conversion";
import { conversionIdOf, uuidV7Time } from "./conversion-id";
import { publishedOrUnavailable } from "./published-or-unavailable";
import { type ConversionInput, validateConversion } from "./validate-conversion";

export interface ConversionRecorderDeps {
  store: ClickStore;
  /** A producer the recorder flushes: a 201 means the event is on the bus. */
  producer: EventProducer;
  /** Rows consumed but not yet written: a click or conversion may be found there first. */
  clicks: RowBatcher<ClickRow>;
  conversions: RowBatcher<ConversionRow>;
  source: string;
  clickWaitMs: number;
  metadataMaxBytes: number;
  /** What is stamped reads it (the service's clock; default the system's). */
  clock?: Clock;
}

const POLL_MS = 100;
const PUBLISH_TIMEOUT_MS = 5_000;

function parseTime(text: string): number {
  return Date.parse(`${text.replace(" ", "T")}Z`);
}

function pendingClick(
  deps: ConversionRecorderDeps,
  accountId: string,
  clickId: string,
): StoredClick | undefined {
  const row = deps.clicks.findPending((r) => r.click_id === clickId && r.account_id === accountId);
  if (!row) return undefined;
  return {
    clickId: row.click_id,
    clickedAtMs: parseTime(row.clicked_at),
    linkId: row.link_id,
    host: row.host,
    code: row.code,
    campaignId: row.campaign_id,
    abTestId: row.ab_test_id,
    variantId: row.variant_id,
  };
}

/** 2020-01-01: no click id carries an earlier time. */
const EARLIEST_CLICK_MS = Date.UTC(2020, 0, 1);

function unknownClick(): AppError {
  return new AppError("NOT_FOUND", {
    message: "Unknown svc_click_id: no click of this account has that id",
    details: { field: "svc_click_id" },
  });
}

/**
 * The landing page's click arrives through the click pipeline, usually well under a second
 * after the redirect; a conversion reported in that gap waits for it (bounded) instead of failing.
 */
async function awaitClick(
  deps: ConversionRecorderDeps,
  accountId: string,
  clickId: string,
): Promise<StoredClick> {
  const deadline = Date.now() + deps.clickWaitMs;
  const approx = uuidV7Time(clickId);
  // A UUIDv7 from before Kurz existed or from tomorrow was never handed out by a redirect: no
  // such click can arrive (and its time is no value to bound a query with).
  if (
    approx !== undefined &&
    (approx < EARLIEST_CLICK_MS || approx > (deps.clock ?? systemClock).now().getTime() + 86_400_000)
  ) {
    throw unknownClick();
  }
  for (;;) {
    const click =
      pendingClick(deps, accountId, clickId) ?? (await findClick(deps.store, accountId, clickId, approx));
    if (click) return click;
    if (Date.now() + POLL_MS > deadline) {
      throw unknownClick();
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

function pendingConversion(
  deps: ConversionRecorderDeps,
  accountId: string,
  conversionId: string,
): Conversion | undefined {
  const row = deps.conversions.findPending(
    (r) => r.conversion_id === conversionId && r.account_id === accountId,
  );
  if (!row) return undefined;
  return {
    conversionId: row.conversion_id,
    clickId: row.click_id,
    link: { linkId: row.link_id, host: row.host, code: row.code },
    abTestId: row.ab_test_id,
    variantId: row.variant_id,
    eventName: row.event_name,
    value: row.value === null ? null : Number(row.value),
    currency: row.currency,
    metadata: row.metadata === "" ? null : (JSON.parse(row.metadata) as Record<string, unknown>),
    occurredAt: new Date(parseTime(row.occurred_at)),
  };
}

/**
 * recordConversion / POST /api/v1/conversions: validates the report, attributes it through the
 * click id to the click's link, campaign and A/B variant (within the caller's account: another
 * account's click id is unknown), and publishes `conversion.recorded`; analytics-ingest's own
 * consumer stores it. Idempotent: the same (click, event name, idempotency key) always yields
 * the same conversion, recorded once (`created` false for a repeat).
 */
export async function recordConversion(
  deps: ConversionRecorderDeps,
  accountId: string,
  input: ConversionInput,
): Promise<{ conversion: Conversion; created: boolean }> {
  const valid = validateConversion(input, deps.metadataMaxBytes);
  const conversionId = conversionIdOf(accountId, valid.clickId, valid.eventName, valid.idempotencyKey);
  const existing =
    pendingConversion(deps, accountId, conversionId) ??
    (await findConversion(deps.store, accountId, conversionId));
  if (existing) return { conversion: existing, created: false };

  const click = await awaitClick(deps, accountId, valid.clickId);
  const occurredAtMs = (deps.clock ?? systemClock).now().getTime();
  await publishEvent(deps.producer, eventTopics.conversion, deps.source, {
    type: "conversion.recorded",
    accountId,
    key: click.linkId,
    occurredAt: new Date(occurredAtMs),
    schema: clicksV1.ConversionRecordedSchema,
    payload: {
      conversionId,
      clickId: valid.clickId,
      accountId,
      linkId: click.linkId,
      host: click.host,
      code: click.code,
      campaignId: click.campaignId,
      abTestId: click.abTestId,
      variantId: click.variantId,
      clickedAt: timestampFromMs(click.clickedAtMs),
      eventName: valid.eventName,
      ...(valid.value === undefined ? {} : { value: valid.value }),
      currency: valid.currency,
      metadataJson: valid.metadataJson,
      occurredAt: timestampFromMs(occurredAtMs),
    },
  });
  await publishedOrUnavailable(deps.producer, PUBLISH_TIMEOUT_MS);
  return {
    created: true,
    conversion: {
      conversionId,
      clickId: valid.clickId,
      link: { linkId: click.linkId, host: click.host, code: click.code },
      abTestId: click.abTestId,
      variantId: click.variantId,
      eventName: valid.eventName,
      value: valid.value ?? null,
      currency: valid.currency,
      metadata: valid.metadata ?? null,
      occurredAt: new Date(occurredAtMs),
    },
  };
}
