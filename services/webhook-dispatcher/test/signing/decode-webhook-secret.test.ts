import { describe, expect, it } from "vitest";
import { decodeWebhookSecret } from "../../src/signing/decode-webhook-secret";

function secretOf(bytes: number): string {
  return `whsec_${Buffer.alloc(bytes, 7).toString("base64")}`;
}

describe("decodeWebhookSecret", () => {
  it("returns the bytes after the whsec_ prefix as the HMAC key", () => {
    const key = Buffer.from("0123456789abcdef01234567");
    expect(decodeWebhookSecret(`whsec_${key.toString("base64")}`)).toEqual(key);
  });

  it("accepts keys of 24 to 64 bytes", () => {
    expect(decodeWebhookSecret(secretOf(24))).toHaveLength(24);
    expect(decodeWebhookSecret(secretOf(64))).toHaveLength(64);
  });

  it("refuses keys shorter than 24 or longer than 64 bytes", () => {
    expect(() => decodeWebhookSecret(secretOf(23))).toThrow("got 23");
    expect(() => decodeWebhookSecret(secretOf(65))).toThrow("got 65");
    expect(() => decodeWebhookSecret("whsec_")).toThrow("got 0");
  });

  it("refuses a missing or different prefix", () => {
    const base64 = secretOf(32).slice("whsec_".length);
    expect(() => decodeWebhookSecret(base64)).toThrow('must start with "whsec_"');
    expect(() => decodeWebhookSecret(`whsk_${base64}`)).toThrow('must start with "whsec_"');
    expect(() => decodeWebhookSecret(`WHSEC_${base64}`)).toThrow('must start with "whsec_"');
  });

  it("refuses anything but padded standard base64 after the prefix", () => {
    const secret = secretOf(32);
    for (const bad of [
      secret.replace(/=$/, ""), // padding dropped
      secret.replace("Bw", "B-"), // base64url alphabet
      `${secret.slice(0, 20)} ${secret.slice(20)}`, // whitespace
      `${secret.slice(0, 20)}*${secret.slice(21)}`, // stray character
      `${secret}AAAA`, // data after the padding
    ]) {
      expect(() => decodeWebhookSecret(bad), bad).toThrow(/standard base64 with padding/);
    }
  });

  it("never echoes the secret in its error message", () => {
    const secret = `whsec_${Buffer.alloc(10, 1).toString("base64")}`;
    expect(() => decodeWebhookSecret(secret)).toThrow(
      expect.objectContaining({ message: expect.not.stringContaining(secret.slice(6)) }),
    );
  });
});
