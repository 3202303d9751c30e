import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { parseSecretBoxKey } from "../../src/signing/parse-secret-box-key";

describe("parseSecretBoxKey", () => {
  it("accepts base64 of 32 bytes, as printed by openssl rand -base64 32", () => {
    const key = randomBytes(32);
    expect(parseSecretBoxKey(key.toString("base64"))).toEqual(key);
  });

  it("accepts base64url of 32 bytes, with or without padding", () => {
    // A key whose encoding uses the characters that differ between the two alphabets.
    const key = Buffer.alloc(32, 0xfb);
    const base64url = key.toString("base64url");
    expect(base64url).toMatch(/[-_]/);
    expect(parseSecretBoxKey(base64url)).toEqual(key);
    expect(parseSecretBoxKey(`${base64url}=`)).toEqual(key);
  });

  it("ignores a trailing newline left by a key file", () => {
    const key = randomBytes(32);
    expect(parseSecretBoxKey(`${key.toString("base64")}\n`)).toEqual(key);
  });

  it("refuses keys that are not exactly 32 bytes and says how to generate one", () => {
    for (const bytes of [0, 16, 31, 33, 64]) {
      expect(() => parseSecretBoxKey(randomBytes(bytes).toString("base64"))).toThrow(
        `got ${bytes}; generate one with: openssl rand -hex 32`,
      );
    }
  });

  it("reads 64 hex characters (openssl rand -hex 32, auth-server's format) as hex, not as base64", () => {
    const key = randomBytes(32);
    expect(parseSecretBoxKey(key.toString("hex"))).toEqual(key);
    expect(parseSecretBoxKey(`${key.toString("hex").toUpperCase()}\n`)).toEqual(key);
  });

  it("refuses text that is not base64 and never echoes it", () => {
    const value = "not a key at all!";
    expect(() => parseSecretBoxKey(value)).toThrow(
      "not 64 hex characters, base64 or base64url; generate one with: openssl rand -hex 32",
    );
    expect(() => parseSecretBoxKey(value)).toThrow(
      expect.objectContaining({ message: expect.not.stringContaining(value) }),
    );
  });
});
