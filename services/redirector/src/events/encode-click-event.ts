import {
  bytesFieldSize,
  messageFieldSize,
  ProtoWriter,
  stringFieldSize,
  timestampBodySize,
  varintFieldSize,
} from "./proto-writer";

export interface UtmValues {
  source: string;
  medium: string;
  campaign: string;
  term: string;
  content: string;
}

/** Everything a `kurz.clicks.v1.ClickRecorded` carries, with the time as epoch ms. */
export interface ClickEvent {
  clickId: string;
  clickedAtMs: number;
  accountId: string;
  linkId: string;
  host: string;
  code: string;
  destinationUrl: string;
  qr: boolean;
  abTestId: string;
  variantId: string;
  userAgent: string;
  referrer: string;
  utm: UtmValues | undefined;
  ip: string;
  /** kurz.clicks.v1.RequestMethod */
  method: number;
  campaignId: string;
  /** Reported through the API rather than redirected; the redirector never sets it. */
  manual?: boolean;
}

export const CLICK_EVENT_TYPE = "click.recorded";
export const CLICK_PAYLOAD_TYPE = "kurz.clicks.v1.ClickRecorded";

function utmBodySize(utm: UtmValues): number {
  return (
    stringFieldSize(1, utm.source) +
    stringFieldSize(2, utm.medium) +
    stringFieldSize(3, utm.campaign) +
    stringFieldSize(4, utm.term) +
    stringFieldSize(5, utm.content)
  );
}

/** `kurz.clicks.v1.ClickRecorded` in protobuf binary (field numbers from click_events.proto). */
export function encodeClickRecorded(click: ClickEvent): Buffer {
  const utmSize = click.utm ? utmBodySize(click.utm) : 0;
  const size =
    stringFieldSize(1, click.clickId) +
    messageFieldSize(2, timestampBodySize(click.clickedAtMs)) +
    stringFieldSize(3, click.accountId) +
    stringFieldSize(4, click.linkId) +
    stringFieldSize(5, click.host) +
    stringFieldSize(6, click.code) +
    stringFieldSize(7, click.destinationUrl) +
    varintFieldSize(8, click.qr ? 1 : 0) +
    stringFieldSize(9, click.abTestId) +
    stringFieldSize(10, click.variantId) +
    stringFieldSize(11, click.userAgent) +
    stringFieldSize(12, click.referrer) +
    (click.utm ? messageFieldSize(13, utmSize) : 0) +
    stringFieldSize(14, click.ip) +
    varintFieldSize(15, click.method) +
    stringFieldSize(16, click.campaignId) +
    varintFieldSize(17, click.manual ? 1 : 0);
  const writer = new ProtoWriter(size)
    .string(1, click.clickId)
    .timestamp(2, click.clickedAtMs)
    .string(3, click.accountId)
    .string(4, click.linkId)
    .string(5, click.host)
    .string(6, click.code)
    .string(7, click.destinationUrl)
    .bool(8, click.qr)
    .string(9, click.abTestId)
    .string(10, click.variantId)
    .string(11, click.userAgent)
    .string(12, click.referrer);
  if (click.utm) {
    writer
      .beginMessage(13, utmSize)
      .string(1, click.utm.source)
      .string(2, click.utm.medium)
      .string(3, click.utm.campaign)
      .string(4, click.utm.term)
      .string(5, click.utm.content);
  }
  return writer
    .string(14, click.ip)
    .uint(15, click.method)
    .string(16, click.campaignId)
    .bool(17, click.manual ?? false)
    .finish();
}

/**
 * The click wrapped in `kurz.events.v1.EventEnvelope` (field numbers from envelope.proto): id =
 * click id, key = link id (clicks of a link stay ordered), occurred_at = click time.
 */
export function encodeClickEnvelope(click: ClickEvent, source: string): Buffer {
  const payload = encodeClickRecorded(click);
  const size =
    stringFieldSize(1, click.clickId) +
    stringFieldSize(2, CLICK_EVENT_TYPE) +
    stringFieldSize(3, click.accountId) +
    messageFieldSize(4, timestampBodySize(click.clickedAtMs)) +
    stringFieldSize(5, click.linkId) +
    stringFieldSize(6, source) +
    bytesFieldSize(7, payload.length) +
    stringFieldSize(8, CLICK_PAYLOAD_TYPE);
  return new ProtoWriter(size)
    .string(1, click.clickId)
    .string(2, CLICK_EVENT_TYPE)
    .string(3, click.accountId)
    .timestamp(4, click.clickedAtMs)
    .string(5, click.linkId)
    .string(6, source)
    .bytes(7, payload)
    .string(8, CLICK_PAYLOAD_TYPE)
    .finish();
}
