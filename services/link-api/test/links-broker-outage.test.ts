import { randomUUID } from "node:crypto";
import { fromBinary } from "@bufbuild/protobuf";
import { allTopics, createEventBus, type EventBus } from "@kurz/events";
import { linksV1 } from "@kurz/proto";
import { type KafkaTestCluster, kafkaBackend } from "@kurz/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestLinkApi, type TestLinkApi, waitUntil } from "./support/start-test-link-api";

const kafka = await kafkaBackend();
const skip = !kafka.available
  ? kafka.reason
  : kafka.value.source !== "mock"
    ? "needs the Kafka mock cluster"
    : undefined;

describe.skipIf(skip !== undefined)("link events during a broker outage", () => {
  let cluster: KafkaTestCluster;
  let bus: EventBus;
  let api: TestLinkApi;

  beforeAll(async () => {
    if (!kafka.available) return;
    cluster = await kafka.value.start({ topics: allTopics(), partitions: 3 });
    bus = createEventBus({ brokers: cluster.brokers, clientId: "link-api-outage", kafka: cluster.tuning });
    api = await startTestLinkApi({ bus });
  }, 60_000);

  afterAll(async () => {
    await api?.close();
    await bus?.close();
    await cluster?.stop();
  });

  it("publishes a change committed while the broker was down once, after it returns", async () => {
    const accountId = randomUUID();
    await cluster.mock!.setBrokerDown(1);
    const response = await api.http.inject({
      method: "POST",
      url: "/api/v1/urls",
      headers: await api.auth(accountId),
      payload: { url: "https://example.com/outage" },
    });
    // The write does not wait for the broker.
    expect(response.statusCode).toBe(201);
    const code = response.json().url.id;
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(api.events.filter((event) => event.envelope.accountId === accountId)).toEqual([]);

    await cluster.mock!.setBrokerUp(1);
    const mine = () => api.events.filter((event) => event.envelope.accountId === accountId);
    await waitUntil("the link.created event arrived", () => mine().length >= 1, 40_000);
    // Give a duplicate the chance to show up.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(mine()).toHaveLength(1);
    const event = mine()[0]!;
    expect(event.envelope.type).toBe("link.created");
    expect(fromBinary(linksV1.LinkChangedSchema, event.envelope.payload).link!.code).toBe(code);
  }, 60_000);
});
