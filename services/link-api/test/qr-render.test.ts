import { decodeQrImage, imageSize, makePngLogo } from "@kurz/testing/decode-qr-image";
import jpeg from "jpeg-js";
import { describe, expect, it } from "vitest";
import { decodeLogo } from "../src/qr/decode-logo";
import { buildQrContent, type QrContentType } from "../src/qr/qr-content";
import { colorProblem, DEFAULT_QR_STYLE, type QrStyle } from "../src/qr/qr-style";
import { renderQr } from "../src/qr/render-qr";

const CONTENTS: Array<[QrContentType, unknown, string]> = [
  ["url", "https://example.com/path?x=1", "https://example.com/path?x=1"],
  ["text", "Grüße aus Köln – 👋", "Grüße aus Köln – 👋"],
  [
    "wifi",
    { ssid: "Café;Net", password: "p@ss:word,1", encryption: "WPA", hidden: true },
    "WIFI:T:WPA;S:Café\\;Net;P:p@ss\\:word\\,1;H:true;;",
  ],
  ["wifi", { ssid: "Open", encryption: "nopass" }, "WIFI:T:nopass;S:Open;;"],
  [
    "vcard",
    {
      firstName: "Ada",
      lastName: "Lovelace",
      organization: "Analytical, Ltd.",
      phone: "+44 20 7946 0000",
      email: "ada@example.com",
      url: "https://example.com",
      address: { street: "1 Main St", city: "London", postalCode: "N1", country: "UK" },
      note: "line one\nline two",
    },
    [
      "BEGIN:VCARD",
      "VERSION:3.0",
      "N:Lovelace;Ada;;;",
      "FN:Ada Lovelace",
      "ORG:Analytical\\, Ltd.",
      "TEL;TYPE=CELL:+442079460000",
      "EMAIL:ada@example.com",
      "URL:https://example.com/",
      "ADR:;;1 Main St;London;;N1;UK",
      "NOTE:line one\\nline two",
      "END:VCARD",
    ].join("\r\n"),
  ],
  [
    "email",
    { to: "hi@example.com", subject: "Hello there", body: "A & B" },
    "mailto:hi@example.com?subject=Hello%20there&body=A%20%26%20B",
  ],
  ["email", "hi@example.com", "mailto:hi@example.com"],
  ["phone", "+1 (555) 010-9999", "tel:+15550109999"],
  ["sms", { number: "+15550109999", message: "STOP" }, "SMSTO:+15550109999:STOP"],
  ["location", { latitude: 52.520008, longitude: 13.404954 }, "geo:52.520008,13.404954"],
  ["location", "-33.8688, 151.2093", "geo:-33.8688,151.2093"],
];

describe("QR payloads", () => {
  it.each(CONTENTS)("builds the %s payload scanners understand", (type, input, payload) => {
    expect(buildQrContent(type, input).payload).toBe(payload);
  });

  const bad: Array<[QrContentType, unknown]> = [
    ["url", "javascript:alert(1)"],
    ["url", "example.com"],
    ["text", ""],
    ["text", "t".repeat(2001)],
    ["wifi", { ssid: "" }],
    ["wifi", { ssid: "x", encryption: "WPA" }],
    ["wifi", { ssid: "x", password: "short", encryption: "WPA" }],
    ["wifi", { ssid: "x", password: "longenough", encryption: "WPA3" }],
    ["wifi", "not json"],
    ["vcard", { note: "no name" }],
    ["vcard", { firstName: "A", email: "not-an-email" }],
    ["email", { to: "nobody" }],
    ["phone", "call me"],
    ["phone", "12"],
    ["sms", { number: "abc" }],
    ["location", { latitude: 91, longitude: 0 }],
    ["location", { latitude: 0, longitude: -181 }],
    ["location", "north pole"],
  ];

  it.each(bad)("refuses bad %s content with VALIDATION_ERROR", (type, input) => {
    expect(() => buildQrContent(type, input)).toThrow(expect.objectContaining({ code: "VALIDATION_ERROR" }));
  });
});

describe("QR colors", () => {
  it("accepts dark on light with enough contrast", () => {
    expect(colorProblem("#000000", "#FFFFFF")).toBeUndefined();
    expect(colorProblem("#1A237E", "#FFF8E1")).toBeUndefined();
  });

  it("refuses inverted or low-contrast pairs", () => {
    expect(colorProblem("#FFFFFF", "#000000")).toMatch(/darker/);
    expect(colorProblem("#777777", "#999999")).toMatch(/contrast/);
    expect(colorProblem("#000000", "#000000")).toMatch(/darker/);
  });
});

const style = (overrides: Partial<QrStyle> = {}): QrStyle => ({ ...DEFAULT_QR_STYLE, ...overrides });

describe("QR images decode back to their exact content", () => {
  const formats = ["png", "svg"] as const;

  for (const format of formats) {
    it.each(CONTENTS)(`${format}: %s`, (type, input) => {
      const { payload } = buildQrContent(type, input);
      const image = renderQr(payload, style({ format }));
      expect(decodeQrImage(image.bytes, image.contentType)).toBe(payload);
    });
  }

  const styles: Array<[string, Partial<QrStyle>]> = [
    ["rounded modules", { moduleShape: "rounded" }],
    ["dot modules", { moduleShape: "dots" }],
    ["rounded finders", { finderShape: "rounded" }],
    ["circle finders", { finderShape: "circle" }],
    ["dots with circle finders", { moduleShape: "dots", finderShape: "circle" }],
    ["error correction L", { errorCorrection: "L" }],
    ["error correction Q", { errorCorrection: "Q" }],
    ["error correction H", { errorCorrection: "H" }],
    ["margin 1", { margin: 1 }],
    ["margin 10", { margin: 10 }],
    ["the smallest size", { size: 100 }],
    ["the largest size", { size: 2000 }],
    ["an odd size", { size: 333 }],
    ["brand colors", { foregroundColor: "#1A237E", backgroundColor: "#FFF8E1" }],
    ["low but sufficient contrast", { foregroundColor: "#555555", backgroundColor: "#E8E8E8" }],
  ];

  for (const format of formats) {
    it.each(styles)(`${format}: %s`, (_label, overrides) => {
      const payload = "https://example.com/styled?campaign=spring";
      const image = renderQr(payload, style({ format, ...overrides }));
      const size = overrides.size ?? 300;
      expect(imageSize(image.bytes, image.contentType)).toEqual({ width: size, height: size });
      expect(decodeQrImage(image.bytes, image.contentType)).toBe(payload);
    });
  }

  const logos: Array<[string, () => Uint8Array]> = [
    ["a PNG logo", () => makePngLogo()],
    ["a wide PNG logo", () => makePngLogo(32)],
    [
      "a JPEG logo",
      () => {
        const side = 48;
        const data = Buffer.alloc(side * side * 4);
        for (let i = 0; i < side * side; i++) data.set([200, (i * 7) % 255, 30, 255], i * 4);
        return new Uint8Array(jpeg.encode({ data, width: side, height: side }, 90).data);
      },
    ],
  ];

  for (const format of formats) {
    it.each(logos)(`${format}: %s, error correction raised to H`, (_label, makeLogo) => {
      const payload = "https://example.com/with-logo";
      const logo = decodeLogo(makeLogo());
      for (const moduleShape of ["square", "dots"] as const) {
        const image = renderQr(payload, style({ format, errorCorrection: "L", moduleShape }), logo);
        expect(decodeQrImage(image.bytes, image.contentType)).toBe(payload);
      }
    });
  }

  it("refuses a size too small for the content", () => {
    expect(() => renderQr("x".repeat(800), style({ size: 100 }))).toThrow(
      expect.objectContaining({ code: "VALIDATION_ERROR" }),
    );
  });

  it("refuses content too long for a QR code", () => {
    expect(() => renderQr("x".repeat(3000), style({ size: 2000, errorCorrection: "L" }))).toThrow(
      expect.objectContaining({ code: "VALIDATION_ERROR" }),
    );
  });

  it("refuses a logo that is too large or not an image", () => {
    expect(() => decodeLogo(new Uint8Array(300 * 1024))).toThrow(
      expect.objectContaining({ code: "PAYLOAD_TOO_LARGE" }),
    );
    expect(() => decodeLogo(new TextEncoder().encode("GIF89a nope"))).toThrow(
      expect.objectContaining({ code: "VALIDATION_ERROR" }),
    );
    const truncated = makePngLogo().slice(0, 60);
    expect(() => decodeLogo(truncated)).toThrow(expect.objectContaining({ code: "VALIDATION_ERROR" }));
  });
});
