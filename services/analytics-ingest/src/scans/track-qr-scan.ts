import { timestampFromMs } from "@bufbuild/protobuf/wkt";
import { type Clock, systemClock } from "@kurz/clock";
import { AppError } from "@kurz/errors";
import { type EventProducer, eventTopics, publishEvent } from "@kurz/events";
import { clicksV1 } from "@kurz/proto";
import { v7 as uuidv7 } from "uuid";
import type { ResourceDirectory } from "../ownership/resource-directory";

export interface QrScanInput {
  linkId: string;
  userAgent: string;
  referrer: string;
  ip: string;
}

export interface TrackQrScanDeps {
  producer: EventProducer;
  /** The event source (this service's name). */
  source: string;
  directory: ResourceDirectory;
  /** The scan's time (the service's clock; default the system's). */
  clock?: Clock;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MAX_TEXT = 1_024;

/**
 * trackQrScan: a scan reported through the API (the QR code was resolved to its link by the
 * caller) travels as an ordinary `click.recorded` event, flagged `qr` and `manual`, so it is
 * enriched, de-duplicated and counted exactly like a scan that went through the redirector.
 *
 * The caller names the link; nothing else of its request is believed. link-api says whether the
 * link is a QR code's link of the calling account (URL_NOT_FOUND otherwise, before anything is
 * published), and its host, code, destination and campaign are what the scan records.
 */
export async function trackQrScan(
  deps: TrackQrScanDeps,
  accountId: string,
  input: QrScanInput,
): Promise<string> {
  if (!UUID.test(input.linkId)) {
    throw new AppError("VALIDATION_ERROR", {
      message: "link_id must be a UUID",
      details: { field: "link_id" },
    });
  }
  const link = await deps.directory.findLink(accountId, input.linkId.toLowerCase());
  if (!link.qr) {
    throw new AppError("VALIDATION_ERROR", {
      message: "link_id is not the link of a QR code",
      details: { field: "link_id" },
    });
  }
  const clickId = uuidv7();
  const nowMs = (deps.clock ?? systemClock).now().getTime();
  await publishEvent(deps.producer, eventTopics.click, deps.source, {
    id: clickId,
    type: "click.recorded",
    accountId,
    key: link.linkId,
    occurredAt: new Date(nowMs),
    schema: clicksV1.ClickRecordedSchema,
    payload: {
      clickId,
      clickedAt: timestampFromMs(nowMs),
      accountId,
      linkId: link.linkId,
      host: link.host,
      code: link.code,
      destinationUrl: link.destinationUrl.slice(0, 4 * MAX_TEXT),
      campaignId: link.campaignId,
      qr: true,
      manual: true,
      method: clicksV1.RequestMethod.GET,
      userAgent: input.userAgent.slice(0, MAX_TEXT),
      referrer: input.referrer.slice(0, MAX_TEXT),
      ip: input.ip.slice(0, 64),
    },
  });
  await deps.producer.flush(5_000);
  return clickId;
}
