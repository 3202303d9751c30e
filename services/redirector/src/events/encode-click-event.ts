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
  /** The test's visitor id (its cookie); set with abTestId, per click. */
  abVisitorId: string;
  userAgent: string;
  referrer: string;
  utm: UtmValues | undefined;
  ip: string;
  /** kurz.clicks.v1.RequestMethod */
  method: number;
  campaignId: string;
  /** Reported through the API rather than redirected; the redirector never sets it. */
  manual?: boolean;
  /** The redirect rule that chose the destination; "" or absent when none did. */
  ruleId?: string;
  /** A link-preview crawler got the link's card page instead of a redirect. */
  preview?: boolean;
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

/**
 * The fields of a click event that are the same for every click of a link (and source), encoded
 * once: per click only the id, times, visitor fields and method are encoded. Protobuf decoders
 * accept fields in any order, so the template goes first. A link under an A/B test has one template
 * per variant (its destination and variant id differ), so alternating visitors do not rebuild them.
 */
interface ClickTemplate {
  accountId: string;
  linkId: string;
  host: string;
  code: string;
  destinationUrl: string;
  qr: boolean;
  abTestId: string;
  variantId: string;
  campaignId: string;
  source: string;
  /** EventEnvelope fields 2 (type), 3 (account), 5 (key), 6 (source), 8 (payload type). */
  envelope: Buffer;
  /** ClickRecorded fields 3-10 and 16. */
  payload: Buffer;
}

/** Encoding is synchronous, so one writer serves every event (no object per click). */
const writer = new ProtoWriter();

/** Links whose template is kept; beyond it the cache starts over (a rebuild costs ~1 µs). */
const MAX_TEMPLATES = 10_000;
const templates = new Map<string, ClickTemplate>();

function matches(template: ClickTemplate, click: ClickEvent, source: string): boolean {
  return (
    template.destinationUrl === click.destinationUrl &&
    template.accountId === click.accountId &&
    template.host === click.host &&
    template.code === click.code &&
    template.qr === click.qr &&
    template.abTestId === click.abTestId &&
    template.variantId === click.variantId &&
    template.campaignId === click.campaignId &&
    template.source === source
  );
}

function buildTemplate(click: ClickEvent, source: string): ClickTemplate {
  const envelope = new ProtoWriter(
    stringFieldSize(2, CLICK_EVENT_TYPE) +
      stringFieldSize(3, click.accountId) +
      stringFieldSize(5, click.linkId) +
      stringFieldSize(6, source) +
      stringFieldSize(8, CLICK_PAYLOAD_TYPE),
  )
    .string(2, CLICK_EVENT_TYPE)
    .string(3, click.accountId)
    .string(5, click.linkId)
    .string(6, source)
    .string(8, CLICK_PAYLOAD_TYPE)
    .finish();
  const payload = new ProtoWriter(
    stringFieldSize(3, click.accountId) +
      stringFieldSize(4, click.linkId) +
      stringFieldSize(5, click.host) +
      stringFieldSize(6, click.code) +
      stringFieldSize(7, click.destinationUrl) +
      varintFieldSize(8, click.qr ? 1 : 0) +
      stringFieldSize(9, click.abTestId) +
      stringFieldSize(10, click.variantId) +
      stringFieldSize(16, click.campaignId),
  )
    .string(3, click.accountId)
    .string(4, click.linkId)
    .string(5, click.host)
    .string(6, click.code)
    .string(7, click.destinationUrl)
    .bool(8, click.qr)
    .string(9, click.abTestId)
    .string(10, click.variantId)
    .string(16, click.campaignId)
    .finish();
  return {
    accountId: click.accountId,
    linkId: click.linkId,
    host: click.host,
    code: click.code,
    destinationUrl: click.destinationUrl,
    qr: click.qr,
    abTestId: click.abTestId,
    variantId: click.variantId,
    campaignId: click.campaignId,
    source,
    // Own copies: the writer's buffers are cut from a slab shared with click events.
    envelope: Buffer.from(envelope),
    payload: Buffer.from(payload),
  };
}

function templateFor(click: ClickEvent, source: string): ClickTemplate {
  // The link id alone for clicks outside a test: no string built on the common path.
  const key = click.variantId === "" ? click.linkId : `${click.linkId}/${click.variantId}`;
  const known = templates.get(key);
  if (known && matches(known, click, source)) return known;
  // A link's first destination holds its key; a visitor sent elsewhere (a redirect rule, a deep
  // link, a changed snapshot) finds a template of that destination, so visitors alternating
  // between a link's destinations do not rebuild one per click.
  const elsewhere = known === undefined ? key : `${key}\n${click.destinationUrl}`;
  if (known !== undefined) {
    const other = templates.get(elsewhere);
    if (other && matches(other, click, source)) return other;
  }
  if (templates.size >= MAX_TEMPLATES) templates.clear();
  const template = buildTemplate(click, source);
  templates.set(elsewhere, template);
  return template;
}

/** The per-click fields of a ClickRecorded, after its template. */
function variableSize(click: ClickEvent, utmSize: number): number {
  return (
    stringFieldSize(1, click.clickId) +
    messageFieldSize(2, timestampBodySize(click.clickedAtMs)) +
    stringFieldSize(11, click.userAgent) +
    stringFieldSize(12, click.referrer) +
    (click.utm ? messageFieldSize(13, utmSize) : 0) +
    stringFieldSize(14, click.ip) +
    varintFieldSize(15, click.method) +
    varintFieldSize(17, click.manual ? 1 : 0) +
    stringFieldSize(18, click.abVisitorId) +
    stringFieldSize(19, click.ruleId ?? "") +
    varintFieldSize(20, click.preview ? 1 : 0)
  );
}

function writeClickRecorded(
  writer: ProtoWriter,
  template: ClickTemplate,
  click: ClickEvent,
  utmSize: number,
): ProtoWriter {
  writer
    .raw(template.payload)
    .string(1, click.clickId)
    .timestamp(2, click.clickedAtMs)
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
    .bool(17, click.manual ?? false)
    .string(18, click.abVisitorId)
    .string(19, click.ruleId ?? "")
    .bool(20, click.preview ?? false);
}

/** `kurz.clicks.v1.ClickRecorded` in protobuf binary (field numbers from click_events.proto). */
export function encodeClickRecorded(click: ClickEvent, source = ""): Buffer {
  const template = templateFor(click, source);
  const utmSize = click.utm ? utmBodySize(click.utm) : 0;
  const size = template.payload.length + variableSize(click, utmSize);
  return writeClickRecorded(writer.start(size), template, click, utmSize).finish();
}

/**
 * The click wrapped in `kurz.events.v1.EventEnvelope` (field numbers from envelope.proto): id =
 * click id, key = link id (clicks of a link stay ordered), occurred_at = click time. One buffer:
 * the payload is written in place as the envelope's bytes field.
 */
export function encodeClickEnvelope(click: ClickEvent, source: string): Buffer {
  const template = templateFor(click, source);
  const utmSize = click.utm ? utmBodySize(click.utm) : 0;
  const payloadSize = template.payload.length + variableSize(click, utmSize);
  const size =
    template.envelope.length +
    stringFieldSize(1, click.clickId) +
    messageFieldSize(4, timestampBodySize(click.clickedAtMs)) +
    bytesFieldSize(7, payloadSize);
  writer.start(size).raw(template.envelope).string(1, click.clickId).timestamp(4, click.clickedAtMs);
  if (payloadSize > 0) writeClickRecorded(writer.beginMessage(7, payloadSize), template, click, utmSize);
  return writer.finish();
}
