import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createSecretBox } from "../../src/signing/secret-box";

const secret = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";

function flipByteOfPart(sealed: string, partIndex: number): string {
  const parts = sealed.split(".");
  const bytes = Buffer.from(parts[partIndex] ?? "", "base64url");
  bytes[0] = (bytes[0] ?? 0) ^ 0x01;
  parts[partIndex] = bytes.toString("base64url");
  return parts.join(".");
}

describe("createSecretBox", () => {
  it("opens what it sealed", () => {
    const box = createSecretBox(randomBytes(32));
    expect(box.open(box.seal(secret))).toBe(secret);
    expect(box.open(box.seal(""))).toBe("");
    expect(box.open(box.seal("clé 🔑"))).toBe("clé 🔑");
  });

  it("seals as v1.<iv>.<ciphertext>.<tag> in base64url with a 12-byte IV and a 16-byte tag", () => {
    const sealed = createSecretBox(randomBytes(32)).seal(secret);
    const [version, iv, ciphertext, tag, ...rest] = sealed.split(".");
    expect(version).toBe("v1");
    expect(rest).toEqual([]);
    expect(sealed).toMatch(/^v1\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*\.[A-Za-z0-9_-]+$/);
    expect(Buffer.from(iv ?? "", "base64url")).toHaveLength(12);
    expect(Buffer.from(ciphertext ?? "", "base64url")).toHaveLength(Buffer.byteLength(secret));
    expect(Buffer.from(tag ?? "", "base64url")).toHaveLength(16);
    expect(sealed).not.toContain(secret.slice(6));
  });

  it("seals the same secret differently each time (random IV)", () => {
    const box = createSecretBox(randomBytes(32));
    const first = box.seal(secret);
    const second = box.seal(secret);
    expect(first).not.toBe(second);
    expect(first.split(".")[1]).not.toBe(second.split(".")[1]);
  });

  it("refuses to open a value with a flipped byte in the ciphertext, the tag or the IV", () => {
    const box = createSecretBox(randomBytes(32));
    const sealed = box.seal(secret);
    for (const part of [1, 2, 3]) {
      expect(() => box.open(flipByteOfPart(sealed, part))).toThrow("altered or sealed with a different key");
    }
  });

  it("refuses to open a value sealed with a different key", () => {
    const sealed = createSecretBox(randomBytes(32)).seal(secret);
    expect(() => createSecretBox(randomBytes(32)).open(sealed)).toThrow(
      "altered or sealed with a different key",
    );
  });

  it("refuses a truncated tag instead of checking only its first bytes", () => {
    const box = createSecretBox(randomBytes(32));
    const parts = box.seal(secret).split(".");
    parts[3] = Buffer.from(parts[3] ?? "", "base64url")
      .subarray(0, 4)
      .toString("base64url");
    expect(() => box.open(parts.join("."))).toThrow(/expected "v1\.<iv>\.<ciphertext>\.<tag>"/);
  });

  it("refuses values that are not in the sealed format", () => {
    const box = createSecretBox(randomBytes(32));
    const sealed = box.seal(secret);
    expect(() => box.open(secret)).toThrow('expected a "v1." prefix');
    expect(() => box.open(sealed.replace(/^v1/, "v2"))).toThrow('expected a "v1." prefix');
    expect(() => box.open("v1")).toThrow(/expected "v1\.<iv>/);
    expect(() => box.open(`${sealed}.extra`)).toThrow(/expected "v1\.<iv>/);
    expect(() => box.open(sealed.replace(/\.([^.]*)$/, ".+/+/"))).toThrow(/expected "v1\.<iv>/);
  });

  it("refuses keys that are not 32 bytes", () => {
    expect(() => createSecretBox(randomBytes(16))).toThrow("must be 32 bytes, got 16");
    expect(() => createSecretBox(randomBytes(33))).toThrow("must be 32 bytes, got 33");
    expect(() => createSecretBox(Buffer.alloc(0))).toThrow("must be 32 bytes, got 0");
  });

  it("keeps working when the caller later overwrites its key buffer", () => {
    const key = randomBytes(32);
    const box = createSecretBox(key);
    const sealed = box.seal(secret);
    key.fill(0);
    expect(box.open(sealed)).toBe(secret);
  });
});
