import { create, fromBinary } from "@bufbuild/protobuf";
import { timestampFromMs } from "@bufbuild/protobuf/wkt";
import { decodeEnvelope } from "@kurz/events";
import { clicksV1, eventsV1 } from "@kurz/proto";
import { describe, expect, it } from "vitest";
import { type ClickEvent, encodeClickEnvelope, encodeClickRecorded } from "../src/events/encode-click-event";

/** Every field set to a non-default value, multi-byte text included. */
const FULL: ClickEvent = {
  clickId: "01907f6e-8d2a-7c3b-9f00-123456789abc",
  clickedAtMs: 1_718_000_123_456,
  accountId: "0b9d7a3e-5f7e-4c1a-9a57-6f1f3f8c1a01",
  linkId: "00000000-0000-4000-8000-000000000001",
  host: "go.brand-example.com",
  code: "Spring_Sale-2024",
  destinationUrl: "https://example.com/ünïcödé?x=1&utm_source=a",
  qr: true,
  abTestId: "test-1",
  variantId: "variant-b",
  abVisitorId: "Zm9vYmFyYmF6cXV4cXV1eA",
  userAgent: "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) 日本語",
  referrer: "https://news.example.org/€",
  utm: { source: "newsletter", medium: "email", campaign: "spring", term: "shoes", content: "hero" },
  ip: "2001:db8::1",
  method: clicksV1.RequestMethod.HEAD,
  campaignId: "3f1c9d55-9a1e-4f3a-8d2b-1c2d3e4f5a6b",
  manual: true,
  ruleId: "de-speakers",
  preview: true,
};

function expectedMessage(click: ClickEvent) {
  const { clickedAtMs, utm, ...rest } = click;
  return create(clicksV1.ClickRecordedSchema, {
    ...rest,
    clickedAt: timestampFromMs(clickedAtMs),
    ...(utm ? { utm } : {}),
  });
}

describe("the hand-written click encoder", () => {
  it("covers every field of kurz.clicks.v1.ClickRecorded", () => {
    const decoded = fromBinary(clicksV1.ClickRecordedSchema, encodeClickRecorded(FULL));
    for (const field of clicksV1.ClickRecordedSchema.fields) {
      const value = (decoded as unknown as Record<string, unknown>)[field.localName];
      expect(value, `field ${field.name} is not written`).toBeTruthy();
    }
  });

  it("encodes exactly what protobuf-es would decode back to the same message", () => {
    expect(fromBinary(clicksV1.ClickRecordedSchema, encodeClickRecorded(FULL))).toEqual(
      expectedMessage(FULL),
    );
    const sparse: ClickEvent = {
      ...FULL,
      qr: false,
      utm: undefined,
      referrer: "",
      abTestId: "",
      variantId: "",
      abVisitorId: "",
      ruleId: "",
      preview: false,
    };
    expect(fromBinary(clicksV1.ClickRecordedSchema, encodeClickRecorded(sparse))).toEqual(
      expectedMessage(sparse),
    );
  });

  it("wraps the click in an EventEnvelope keyed by link, with the click id as event id", () => {
    const envelope = decodeEnvelope(encodeClickEnvelope(FULL, "redirector"));
    expect(envelope).toMatchObject({
      id: FULL.clickId,
      type: "click.recorded",
      accountId: FULL.accountId,
      key: FULL.linkId,
      source: "redirector",
      payloadType: "kurz.clicks.v1.ClickRecorded",
      occurredAt: timestampFromMs(FULL.clickedAtMs),
    });
    expect(fromBinary(clicksV1.ClickRecordedSchema, envelope.payload)).toEqual(expectedMessage(FULL));
    for (const field of eventsV1.EventEnvelopeSchema.fields) {
      const value = (envelope as unknown as Record<string, unknown>)[field.localName];
      expect(value, `envelope field ${field.name} is not written`).toBeTruthy();
    }
  });

  it("encodes a link's new fields once its snapshot changed, and each source as its own", () => {
    const before = fromBinary(clicksV1.ClickRecordedSchema, encodeClickRecorded(FULL));
    expect(before.destinationUrl).toBe(FULL.destinationUrl);
    const moved: ClickEvent = { ...FULL, destinationUrl: "https://example.com/moved", campaignId: "" };
    const after = decodeEnvelope(encodeClickEnvelope(moved, "redirector"));
    expect(fromBinary(clicksV1.ClickRecordedSchema, after.payload)).toEqual(expectedMessage(moved));
    expect(decodeEnvelope(encodeClickEnvelope(moved, "analytics-ingest")).source).toBe("analytics-ingest");
    expect(decodeEnvelope(encodeClickEnvelope(moved, "redirector")).source).toBe("redirector");
  });

  it("encodes each A/B variant of a link with its own destination, variant and visitor", () => {
    const control: ClickEvent = {
      ...FULL,
      linkId: "00000000-0000-4000-8000-0000000000ab",
      destinationUrl: "https://example.com/control",
      variantId: "control",
      abVisitorId: "visitor-1",
    };
    const other: ClickEvent = {
      ...control,
      destinationUrl: "https://example.com/other",
      variantId: "other",
      abVisitorId: "visitor-2",
    };
    const bot: ClickEvent = { ...control, abTestId: "", variantId: "", abVisitorId: "" };
    // Interleaved, as visitors of a running test arrive.
    for (const click of [control, other, bot, other, control, bot]) {
      const envelope = decodeEnvelope(encodeClickEnvelope(click, "redirector"));
      expect(fromBinary(clicksV1.ClickRecordedSchema, envelope.payload)).toEqual(expectedMessage(click));
    }
  });

  it("encodes a link's visitors sent to different destinations (rules, deep links), interleaved", () => {
    const link: ClickEvent = {
      ...FULL,
      linkId: "00000000-0000-4000-8000-0000000000cc",
      abTestId: "",
      variantId: "",
    };
    const byRule: ClickEvent = { ...link, destinationUrl: "https://example.com/de", ruleId: "de-speakers" };
    const byApp: ClickEvent = { ...link, destinationUrl: "myapp://open", ruleId: "" };
    for (const click of [link, byRule, byApp, byRule, link, byApp, link]) {
      const envelope = decodeEnvelope(encodeClickEnvelope(click, "redirector"));
      expect(fromBinary(clicksV1.ClickRecordedSchema, envelope.payload)).toEqual(expectedMessage(click));
    }
  });

  it("keeps every event's bytes intact while later events are encoded", () => {
    const first = encodeClickEnvelope(FULL, "redirector");
    const copy = Buffer.from(first);
    for (let i = 0; i < 2_000; i++)
      encodeClickEnvelope({ ...FULL, clickId: FULL.clickId.replace("8", String(i % 10)) }, "redirector");
    expect(first.equals(copy)).toBe(true);
  });
});
