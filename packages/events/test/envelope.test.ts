import { create } from "@bufbuild/protobuf";
import { linksV1 } from "@kurz/proto";
import { waitFor } from "@kurz/testing";
import { describe, expect, it } from "vitest";
import {
  createEventBus,
  decodeEnvelope,
  decodePayload,
  EnvelopeHeader,
  eventTopics,
  occurredAtOf,
  publishEvent,
} from "../src";

describe("event envelope", () => {
  it("round-trips a domain event through the in-process bus with id, type, key and payload", async () => {
    const bus = createEventBus({ clientId: "envelope-test" });
    const received: Array<{ key: string; headers: Record<string, string>; value: Uint8Array }> = [];
    const consumer = await bus.consume({
      groupId: "envelope-test",
      topics: [eventTopics.link],
      handler: async (message) => {
        received.push(message);
      },
    });
    const producer = bus.producer();
    const occurredAt = new Date("2026-01-02T03:04:05.000Z");
    const id = await publishEvent(producer, eventTopics.link, "link-api", {
      type: "link.created",
      accountId: "acc-1",
      key: "acc-1",
      schema: linksV1.LinkChangedSchema,
      payload: {
        link: { linkId: "l-1", code: "abc", host: "localhost", destinationUrl: "https://example.com/" },
      },
      occurredAt,
    });
    await producer.flush();
    await waitFor(() => received.length, { until: (n) => n === 1, what: "the published event" });
    const [message] = received;
    expect(message?.key).toBe("acc-1");
    expect(message?.headers[EnvelopeHeader.id]).toBe(id);
    expect(message?.headers[EnvelopeHeader.type]).toBe("link.created");
    const envelope = decodeEnvelope(message!.value);
    expect(envelope).toMatchObject({
      id,
      type: "link.created",
      accountId: "acc-1",
      key: "acc-1",
      source: "link-api",
    });
    expect(envelope.payloadType).toBe("kurz.links.v1.LinkChanged");
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(occurredAtOf(envelope).toISOString()).toBe(occurredAt.toISOString());
    expect(decodePayload(envelope, linksV1.LinkChangedSchema)?.link?.destinationUrl).toBe(
      "https://example.com/",
    );
    expect(decodePayload(envelope, linksV1.LinkSnapshotSchema)).toBeUndefined();
    await consumer.stop();
    await producer.close();
    await bus.close();
  });

  it("refuses bytes that are not an envelope as a validation error (a poison message)", () => {
    expect(() => decodeEnvelope(new Uint8Array([0xff, 0xff, 0xff]))).toThrowError(
      expect.objectContaining({ code: "VALIDATION_ERROR" }),
    );
    expect(create(linksV1.LinkSnapshotSchema).code).toBe("");
  });
});
