import { Webhook } from "standardwebhooks";
import { describe, expect, it } from "vitest";
import { generateWebhookSecret } from "../../src/signing/generate-webhook-secret";
import { signWebhook } from "../../src/signing/sign-webhook";
import { webhookHeaders } from "../../src/signing/webhook-headers";

// Known-answer vector from the Standard Webhooks reference libraries' tests.
const vector = {
  secret: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw",
  id: "msg_p5jXN8AQM9LWM0D4loKWxJek",
  timestampSeconds: 1614265330,
  body: '{"test": 2432232314}',
  signature: "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=",
};

function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}

describe("signWebhook", () => {
  it("reproduces the Standard Webhooks known-answer vector exactly", () => {
    const { secret, signature, ...message } = vector;
    expect(signWebhook(message, [secret])).toBe(signature);
  });

  it("signs a body given as bytes the same as the same body given as a string", () => {
    const { secret, signature, body, ...rest } = vector;
    expect(signWebhook({ ...rest, body: new TextEncoder().encode(body) }, [secret])).toBe(signature);
  });

  it("produces what the standardwebhooks library computes for a fresh secret", () => {
    const secret = generateWebhookSecret();
    const message = { id: "msg_1", timestampSeconds: nowSeconds(), body: '{"type":"link.clicked"}' };
    const expected = new Webhook(secret).sign(
      message.id,
      new Date(message.timestampSeconds * 1000),
      message.body,
    );
    expect(signWebhook(message, [secret])).toBe(expected);
  });

  it("puts one v1 signature per secret in the header, space-separated, in the given order", () => {
    const first = generateWebhookSecret();
    const second = generateWebhookSecret();
    const message = { id: "msg_1", timestampSeconds: nowSeconds(), body: "{}" };
    expect(signWebhook(message, [first, second])).toBe(
      `${signWebhook(message, [first])} ${signWebhook(message, [second])}`,
    );
  });

  it("refuses to sign with no secret at all", () => {
    expect(() => signWebhook({ id: "msg_1", timestampSeconds: nowSeconds(), body: "{}" }, [])).toThrow(
      /at least one secret/,
    );
  });

  it("refuses a timestamp in milliseconds or with a fraction", () => {
    const secret = generateWebhookSecret();
    expect(() => signWebhook({ id: "msg_1", timestampSeconds: Date.now(), body: "{}" }, [secret])).toThrow(
      /whole unix seconds/,
    );
    expect(() => signWebhook({ id: "msg_1", timestampSeconds: 1614265330.5, body: "{}" }, [secret])).toThrow(
      /whole unix seconds/,
    );
  });

  it("refuses a secret that is not whsec_ base64", () => {
    const message = { id: "msg_1", timestampSeconds: nowSeconds(), body: "{}" };
    expect(() => signWebhook(message, ["not-a-secret"])).toThrow(/whsec_/);
  });
});

describe("webhookHeaders verified by the standardwebhooks library", () => {
  const body = JSON.stringify({ type: "link.clicked", data: { linkId: "lnk_1", country: "FR" } });

  it("carries the id, the timestamp, the signature and a JSON content type", () => {
    const secret = generateWebhookSecret();
    const timestampSeconds = nowSeconds();
    const headers = webhookHeaders({ id: "msg_1", timestampSeconds, body }, [secret]);
    expect(headers).toEqual({
      "webhook-id": "msg_1",
      "webhook-timestamp": String(timestampSeconds),
      "webhook-signature": signWebhook({ id: "msg_1", timestampSeconds, body }, [secret]),
      "content-type": "application/json",
    });
  });

  it("verifies a delivery signed now and returns the parsed body", () => {
    const secret = generateWebhookSecret();
    const headers = webhookHeaders({ id: "msg_1", timestampSeconds: nowSeconds(), body }, [secret]);
    expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body));
  });

  it("verifies a body sent as bytes", () => {
    const secret = generateWebhookSecret();
    const bytes = Buffer.from(body);
    const headers = webhookHeaders({ id: "msg_1", timestampSeconds: nowSeconds(), body: bytes }, [secret]);
    expect(new Webhook(secret).verify(bytes, headers)).toEqual(JSON.parse(body));
  });

  it("fails to verify when the body was tampered with", () => {
    const secret = generateWebhookSecret();
    const headers = webhookHeaders({ id: "msg_1", timestampSeconds: nowSeconds(), body }, [secret]);
    const tampered = body.replace("FR", "DE");
    expect(() => new Webhook(secret).verify(tampered, headers)).toThrow("No matching signature found");
  });

  it("fails to verify when the message id was swapped", () => {
    const secret = generateWebhookSecret();
    const headers = webhookHeaders({ id: "msg_1", timestampSeconds: nowSeconds(), body }, [secret]);
    expect(() => new Webhook(secret).verify(body, { ...headers, "webhook-id": "msg_2" })).toThrow(
      "No matching signature found",
    );
  });

  it("fails to verify a delivery signed more than 5 minutes ago", () => {
    const secret = generateWebhookSecret();
    const sixMinutesAgo = nowSeconds() - 6 * 60;
    const headers = webhookHeaders({ id: "msg_1", timestampSeconds: sixMinutesAgo, body }, [secret]);
    expect(() => new Webhook(secret).verify(body, headers)).toThrow("Message timestamp too old");
  });

  it("fails to verify with a different secret", () => {
    const headers = webhookHeaders({ id: "msg_1", timestampSeconds: nowSeconds(), body }, [
      generateWebhookSecret(),
    ]);
    expect(() => new Webhook(generateWebhookSecret()).verify(body, headers)).toThrow(
      "No matching signature found",
    );
  });
});
