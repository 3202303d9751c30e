import { describe, expect, it } from "vitest";
import { buildTestPayload } from "../../src/payloads/build-test-payload";
import { webhookBodySchema } from "../../src/payloads/webhook-payload-schemas";

describe("buildTestPayload", () => {
  it("builds a webhook.test body about the endpoint, dated now, that says it is a test", () => {
    const now = new Date("2025-03-14T10:00:00.000Z");
    const body = buildTestPayload("0195b0c1-d2e3-7f40-9152-6a7b8c9d0e1f", now);
    expect(webhookBodySchema("webhook.test").parse(body)).toEqual(body);
    expect(body).toMatchObject({
      type: "webhook.test",
      timestamp: "2025-03-14T10:00:00.000Z",
      data: { endpoint_id: "0195b0c1-d2e3-7f40-9152-6a7b8c9d0e1f", sent_at: "2025-03-14T10:00:00.000Z" },
    });
    expect(body.data.message).toMatch(/test/);
  });
});
