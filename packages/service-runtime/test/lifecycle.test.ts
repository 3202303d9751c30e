import { createLogger } from "@kurz/logger";
import { describe, expect, it } from "vitest";
import { Lifecycle } from "../src";

const logger = createLogger({ service: "test", level: "silent" });

describe("Lifecycle", () => {
  it("stops servers, then consumers, then producers, then clients, whatever the registration order", async () => {
    const order: string[] = [];
    const lifecycle = new Lifecycle(logger);
    const step = (name: string) => async () => {
      order.push(name);
    };
    lifecycle.add("clients", "database", step("database"));
    lifecycle.add("producers", "producer", step("producer"));
    lifecycle.add("servers", "http", step("http"));
    lifecycle.add("consumers", "consumer", step("consumer"));
    lifecycle.onStopRequested(() => order.push("unready"));
    await lifecycle.stop();
    expect(order).toEqual(["unready", "http", "consumer", "producer", "database"]);
  });

  it("keeps closing the rest when one step fails or hangs", async () => {
    const closed: string[] = [];
    const lifecycle = new Lifecycle(logger, 50);
    lifecycle.add("clients", "hangs", () => new Promise(() => {}));
    lifecycle.add("clients", "fails", async () => {
      throw new Error("boom");
    });
    lifecycle.add("clients", "cache", async () => {
      closed.push("cache");
    });
    await lifecycle.stop();
    expect(closed).toEqual(["cache"]);
  });

  it("runs the shutdown once, however often stop is called", async () => {
    let runs = 0;
    const lifecycle = new Lifecycle(logger);
    lifecycle.add("servers", "http", async () => {
      runs += 1;
    });
    await Promise.all([lifecycle.stop(), lifecycle.stop()]);
    await lifecycle.stop();
    expect(runs).toBe(1);
  });
});
