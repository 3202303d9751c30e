import { timestampFromMs } from "@bufbuild/protobuf/wkt";
import { AppError } from "@kurz/errors";
import { type EventProducer, eventTopics, publishEvent } from "@kurz/events";
import { clicksV1 } from "@kurz/proto";
import { v7 as uuidv7 } from "uuid";

export interface QrScanInput {
  linkId: string;
  host: string;
  code: string;
  destinationUrl: string;
  campaignId: string;
  userAgent: string;
  referrer: string;
  ip: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MAX_TEXT = 1_024;

/**
 * trackQrScan: a scan reported through the API (the QR code was resolved to its link by the
 * caller) travels as an ordinary `click.recorded` event, flagged `qr` and `manual`, so it is
 * enriched, de-duplicated and counted exactly like a scan that went through the redirector.
 */
export async function trackQrScan(
  producer: EventProducer,
  source: string,
  accountId: string,
  input: QrScanInput,
): Promise<string> {
  if (!UUID.test(input.linkId)) {
    throw new AppError("VALIDATION_ERROR", {
      message: "link_id must be a UUID",
      details: { field: "link_id" },
    });
  }
  if (input.code === "" || input.host === "") {
    throw new AppError("VALIDATION_ERROR", {
      message: "host and code are required",
      details: { field: "code" },
    });
  }
  const clickId = uuidv7();
  const nowMs = Date.now();
  await publishEvent(producer, eventTopics.click, source, {
    id: clickId,
    type: "click.recorded",
    accountId,
    key: input.linkId,
    occurredAt: new Date(nowMs),
    schema: clicksV1.ClickRecordedSchema,
    payload: {
      clickId,
      clickedAt: timestampFromMs(nowMs),
      accountId,
      linkId: input.linkId.toLowerCase(),
      host: input.host.toLowerCase(),
      code: input.code,
      destinationUrl: input.destinationUrl.slice(0, 4 * MAX_TEXT),
      campaignId: input.campaignId,
      qr: true,
      manual: true,
      method: clicksV1.RequestMethod.GET,
      userAgent: input.userAgent.slice(0, MAX_TEXT),
      referrer: input.referrer.slice(0, MAX_TEXT),
      ip: input.ip.slice(0, 64),
    },
  });
  await producer.flush(5_000);
  return clickId;
}
