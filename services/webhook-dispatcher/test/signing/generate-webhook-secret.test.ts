import { describe, expect, it } from "vitest";
import { decodeWebhookSecret } from "../../src/signing/decode-webhook-secret";
import { generateWebhookSecret } from "../../src/signing/generate-webhook-secret";

describe("generateWebhookSecret", () => {
  it("starts with whsec_ and decodes to 32 bytes", () => {
    const secret = generateWebhookSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(decodeWebhookSecret(secret)).toHaveLength(32);
  });

  it("never repeats across 1,000 generations", () => {
    const secrets = Array.from({ length: 1000 }, generateWebhookSecret);
    expect(new Set(secrets).size).toBe(1000);
    for (const secret of secrets) {
      expect(secret.startsWith("whsec_")).toBe(true);
      expect(decodeWebhookSecret(secret)).toHaveLength(32);
    }
  });
});
