import { createEventBus } from "../src";
import { describeEventBusContract } from "./describe-event-bus-contract";

describeEventBusContract("in-process", {
  skip: undefined,
  async makeBus(topics, logger) {
    const bus = createEventBus({ clientId: "contract-test", topics, partitions: 3, logger });
    return { bus, cleanup: async () => {} };
  },
});
