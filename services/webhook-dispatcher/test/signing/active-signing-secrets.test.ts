import { Webhook } from "standardwebhooks";
import { describe, expect, it } from "vitest";
import { activeSigningSecrets } from "../../src/signing/active-signing-secrets";
import { generateWebhookSecret } from "../../src/signing/generate-webhook-secret";
import { webhookHeaders } from "../../src/signing/webhook-headers";

// Rotation keeps the old secret valid for 24 h.
const OVERLAP_MS = 24 * 60 * 60 * 1000;

function rotation() {
  const rotatedAt = new Date("2026-03-01T12:00:00Z");
  const oldSecret = generateWebhookSecret();
  const newSecret = generateWebhookSecret();
  return {
    rotatedAt,
    oldSecret,
    newSecret,
    endpoint: {
      current: newSecret,
      previous: { secret: oldSecret, expiresAt: new Date(rotatedAt.getTime() + OVERLAP_MS) },
    },
  };
}

// standardwebhooks checks the timestamp against Date.now(), so deliveries are signed "now"
// whatever instant the secret choice is made at.
function deliver(secrets: readonly string[]) {
  const body = '{"type":"link.created"}';
  const headers = webhookHeaders(
    { id: "msg_1", timestampSeconds: Math.floor(Date.now() / 1000), body },
    secrets,
  );
  return (receiverSecret: string) => () => new Webhook(receiverSecret).verify(body, headers);
}

describe("activeSigningSecrets", () => {
  it("signs with the current secret alone when there was no rotation", () => {
    const secret = generateWebhookSecret();
    expect(activeSigningSecrets({ current: secret }, new Date())).toEqual([secret]);
    expect(activeSigningSecrets({ current: secret, previous: null }, new Date())).toEqual([secret]);
  });

  it("signs with the current secret first and the previous one second during the overlap", () => {
    const { rotatedAt, oldSecret, newSecret, endpoint } = rotation();
    expect(activeSigningSecrets(endpoint, rotatedAt)).toEqual([newSecret, oldSecret]);
    expect(activeSigningSecrets(endpoint, new Date(rotatedAt.getTime() + OVERLAP_MS - 1))).toEqual([
      newSecret,
      oldSecret,
    ]);
  });

  it("stops signing with the previous secret at the instant it expires", () => {
    const { rotatedAt, newSecret, endpoint } = rotation();
    expect(activeSigningSecrets(endpoint, new Date(rotatedAt.getTime() + OVERLAP_MS))).toEqual([newSecret]);
  });

  it("lets receivers holding only the old or only the new secret verify during the overlap", () => {
    const { rotatedAt, oldSecret, newSecret, endpoint } = rotation();
    const verifyWith = deliver(activeSigningSecrets(endpoint, new Date(rotatedAt.getTime() + 60_000)));
    expect(verifyWith(oldSecret)).not.toThrow();
    expect(verifyWith(newSecret)).not.toThrow();
  });

  it("fails a receiver holding only the old secret 24 h + 1 s after the rotation", () => {
    const { rotatedAt, oldSecret, newSecret, endpoint } = rotation();
    const secrets = activeSigningSecrets(endpoint, new Date(rotatedAt.getTime() + OVERLAP_MS + 1000));
    expect(secrets).toEqual([newSecret]);
    const verifyWith = deliver(secrets);
    expect(verifyWith(oldSecret)).toThrow("No matching signature found");
    expect(verifyWith(newSecret)).not.toThrow();
  });
});
