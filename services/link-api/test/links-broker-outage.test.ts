import { randomUUID } from "node:crypto";
import { fromBinary } from "@bufbuild/protobuf";
import { allTopics, createEventBus, type EventBus } from "@kurz/events";
import { linksV1 } from "@kurz/proto";
import { type KafkaTestCluster, kafkaBackend, waitFor } from "@kurz/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestLinkApi, type TestLinkApi } from "./support/start-test-link-api";

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
  });

  afterAll(async () => {
    await api?.close();
    await bus?.close();
    await cluster?.stop();
  });

  it("publishes a change committed while the broker was down once, after it returns", async () => {
    const accountId = randomUUID();
    await cluster.mock!.setBrokerDown(1);
    const create = async (url: string) => {
      const response = await api.http.inject({
        method: "POST",
        url: "/api/v1/urls",
        headers: await api.auth(accountId),
        payload: { url },
      });
      // The write does not wait for the broker.
      expect(response.statusCode).toBe(201);
      return response.json().url.id as string;
    };
    const code = await create("https://example.com/outage");
    const mine = () => api.events.filter((event) => event.envelope.accountId === accountId);
    expect(mine()).toEqual([]);

    await cluster.mock!.setBrokerUp(1);
    // The account's events share a key, so a partition, and arrive in order: once a change made
    // after the broker returned has arrived, a duplicate of the earlier one would have too.
    const marker = await create("https://example.com/after-outage");
    const codes = await waitFor(
      () => mine().map((event) => fromBinary(linksV1.LinkChangedSchema, event.envelope.payload).link?.code),
      {
        until: (seen) => seen.includes(marker),
        what: "the link.created event of the change made after the outage",
        timeoutMs: 40_000,
      },
    );
    expect(codes).toEqual([code, marker]);
    expect(mine().map((event) => event.envelope.type)).toEqual(["link.created", "link.created"]);
  });
});
