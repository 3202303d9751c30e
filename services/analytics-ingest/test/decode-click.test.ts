import { create, fromBinary, type MessageInitShape, toBinary } from "@bufbuild/protobuf";
import { BinaryWriter, WireType } from "@bufbuild/protobuf/wire";
import { type Timestamp, TimestampSchema, timestampFromMs, timestampMs } from "@bufbuild/protobuf/wkt";
import { AppError } from "@kurz/errors";
import { encodeEvent } from "@kurz/events";
import { clicksV1, eventsV1 } from "@kurz/proto";
import { describe, expect, it } from "vitest";
import { type DecodedClick, decodeClick } from "../src/ingest/decode-click";

type ClickInit = MessageInitShape<typeof clicksV1.ClickRecordedSchema>;

const BASE: ClickInit = {
  clickId: "01936f3e-8c1a-7b2d-9e4f-0a1b2c3d4e5f",
  clickedAt: timestampFromMs(Date.UTC(2026, 10, 21, 12, 30, 45, 678)),
  accountId: "b3a1f0e2-4c5d-4e6f-8a9b-0c1d2e3f4a5b",
  linkId: "c4b2a1f0-1111-4222-8333-444455556666",
  host: "kurz.test",
  code: "spring-sale",
};

function envelopeOf(
  payload: Uint8Array,
  payloadType: string = clicksV1.ClickRecordedSchema.typeName,
): Uint8Array {
  return toBinary(
    eventsV1.EventEnvelopeSchema,
    create(eventsV1.EventEnvelopeSchema, {
      id: "01936f3e-8c1a-7b2d-9e4f-0a1b2c3d4e5f",
      type: "click.recorded",
      payload,
      payloadType,
    }),
  );
}

function message(init: ClickInit): Uint8Array {
  return encodeEvent("test", {
    type: "click.recorded",
    accountId: "a",
    key: "k",
    schema: clicksV1.ClickRecordedSchema,
    payload: init,
  }).value;
}

/** What protobuf-es' reflective decoder reads, in the decoder's shape: the reference. */
function reference(value: Uint8Array): DecodedClick {
  const envelope = fromBinary(eventsV1.EventEnvelopeSchema, value);
  const c = fromBinary(clicksV1.ClickRecordedSchema, envelope.payload);
  return {
    clickId: c.clickId,
    clickedAtMs: c.clickedAt ? timestampMs(c.clickedAt) : Number.NaN,
    accountId: c.accountId,
    linkId: c.linkId,
    host: c.host,
    code: c.code,
    destinationUrl: c.destinationUrl,
    qr: c.qr,
    abTestId: c.abTestId,
    variantId: c.variantId,
    abVisitorId: c.abVisitorId,
    userAgent: c.userAgent,
    referrer: c.referrer,
    utm: c.utm
      ? {
          source: c.utm.source,
          medium: c.utm.medium,
          campaign: c.utm.campaign,
          term: c.utm.term,
          content: c.utm.content,
        }
      : undefined,
    ip: c.ip,
    method: c.method,
    campaignId: c.campaignId,
    manual: c.manual,
    ruleId: c.ruleId,
    preview: c.preview,
  };
}

function validationError(value: Uint8Array): AppError {
  try {
    decodeClick(value);
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe("VALIDATION_ERROR");
    return error as AppError;
  }
  throw new Error("decodeClick accepted a malformed message");
}

describe("decodeClick (wire reader) agrees with protobuf-es", () => {
  it("reads every field of a full click", () => {
    const value = message({
      ...BASE,
      destinationUrl: "https://example.com/landing?utm_source=x&ü=1",
      qr: true,
      abTestId: "ab-1",
      variantId: "v-2",
      abVisitorId: "Zq3mV8xT0kLr2Nw5Hc7YbA",
      userAgent: "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) 日本語",
      referrer: "https://news.example.org/post",
      utm: { source: "newsletter", medium: "email", campaign: "spring", term: "t", content: "c" },
      ip: "2001:db8::1",
      method: clicksV1.RequestMethod.HEAD,
      campaignId: "camp-1",
      manual: true,
      ruleId: "de-speakers",
      preview: true,
    });
    expect(decodeClick(value)).toEqual(reference(value));
  });

  it("reads a minimal click (proto3 defaults) the same way", () => {
    const value = message(BASE);
    expect(decodeClick(value)).toEqual(reference(value));
    expect(decodeClick(value)?.utm).toBeUndefined();
  });

  it("agrees on generated clicks with random fields", () => {
    const alphabet = "abcXYZ019 -_/:?=&%é€😀";
    const text = (n: number) =>
      Array.from({ length: n }, () => alphabet[Math.floor(Math.random() * alphabet.length)]).join("");
    for (let i = 0; i < 300; i++) {
      const init: ClickInit = {
        ...BASE,
        clickedAt: timestampFromMs(Date.now() - Math.floor(Math.random() * 200_000_000_000)),
        destinationUrl: text(Math.floor(Math.random() * 200)),
        qr: Math.random() < 0.5,
        userAgent: text(Math.floor(Math.random() * 300)),
        referrer: text(Math.floor(Math.random() * 40)),
        ip: text(Math.floor(Math.random() * 16)),
        method: Math.floor(Math.random() * 4),
        campaignId: text(Math.floor(Math.random() * 3)),
        utm: Math.random() < 0.5 ? { source: text(5), term: text(2) } : undefined,
      };
      const value = message(init);
      expect(decodeClick(value)).toEqual(reference(value));
    }
  });

  it("skips unknown fields, takes the last of repeated scalars and merges repeated messages", () => {
    const payload = new BinaryWriter()
      .tag(99, WireType.LengthDelimited)
      .string("from a newer producer")
      .tag(98, WireType.Varint)
      .uint64(12345678901234n)
      .tag(97, WireType.Bit64)
      .double(1.5)
      .tag(96, WireType.Bit32)
      .fixed32(7)
      .tag(1, WireType.LengthDelimited)
      .string(BASE.clickId as string)
      .tag(2, WireType.LengthDelimited)
      .bytes(toBinary(TimestampSchema, BASE.clickedAt as Timestamp))
      .tag(3, WireType.LengthDelimited)
      .string("first-account")
      .tag(3, WireType.LengthDelimited)
      .string(BASE.accountId as string)
      .tag(4, WireType.LengthDelimited)
      .string(BASE.linkId as string)
      .tag(13, WireType.LengthDelimited)
      .bytes(toBinary(clicksV1.UtmParametersSchema, create(clicksV1.UtmParametersSchema, { source: "s" })))
      .tag(13, WireType.LengthDelimited)
      .bytes(toBinary(clicksV1.UtmParametersSchema, create(clicksV1.UtmParametersSchema, { medium: "m" })))
      .finish();
    const value = envelopeOf(payload);
    const decoded = decodeClick(value);
    expect(decoded).toEqual(reference(value));
    expect(decoded?.accountId).toBe(BASE.accountId);
    expect(decoded?.utm).toMatchObject({ source: "s", medium: "m" });
  });

  it("ignores other event types on the topic", () => {
    expect(decodeClick(envelopeOf(new Uint8Array([8, 1]), "kurz.clicks.v1.SomethingElse"))).toBeUndefined();
  });

  it("refuses what is not a valid click with VALIDATION_ERROR", () => {
    // Not protobuf at all, truncated, a string field sent as a varint, a bad id, no time.
    validationError(Buffer.from("definitely not protobuf \xff\xff\xff"));
    const full = message(BASE);
    validationError(full.subarray(0, full.length - 3));
    validationError(envelopeOf(new BinaryWriter().tag(3, WireType.Varint).uint32(1).finish()));
    // A payload whose last field claims more bytes than the payload has (it would run into the
    // envelope's following fields).
    const overrun = new BinaryWriter()
      .tag(1, WireType.LengthDelimited)
      .string(BASE.clickId as string)
      .tag(11, WireType.Varint)
      .finish();
    const lying = new Uint8Array([...overrun.subarray(0, overrun.length - 1), (11 << 3) | 2, 40]);
    validationError(envelopeOf(lying));
    expect(validationError(message({ ...BASE, clickId: "nope" })).message).toMatch(/UUID/);
    expect(validationError(message({ ...BASE, clickedAt: undefined })).message).toMatch(/clicked_at/);
    expect(
      validationError(message({ ...BASE, clickedAt: timestampFromMs(Date.now() + 86_400_000) })).message,
    ).toMatch(/out of range/);
    expect(validationError(message({ ...BASE, linkId: "" })).message).toMatch(/link_id/);
  });
});
