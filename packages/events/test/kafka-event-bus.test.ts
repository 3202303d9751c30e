import { kafkaBackend } from "@kurz/testing";
import { createEventBus } from "../src";
import { describeEventBusContract } from "./describe-event-bus-contract";

const kafka = await kafkaBackend();

describeEventBusContract("kafkajs", {
  skip: kafka.available ? undefined : kafka.reason,
  // Every test gets its own cluster, so they can overlap the cluster's join delays.
  concurrent: true,
  async makeBus(topics, logger) {
    if (!kafka.available) throw new Error(kafka.reason);
    const cluster = await kafka.value.start({ topics, partitions: 3 });
    const bus = createEventBus({
      brokers: cluster.brokers,
      clientId: "contract-test",
      topics,
      logger,
      kafka: cluster.tuning,
    });
    return { bus, cleanup: cluster.stop };
  },
});
