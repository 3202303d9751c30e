import { isAppError } from "@kurz/errors";
import { describe, expect, it } from "vitest";
import { createBufferedProducer, type OutgoingMessage } from "../src/buffered-producer";
import { silentLogger } from "../src/event-logger";
import { textMessage } from "./bus-test-kit";

const decoder = new TextDecoder();

/** A transport that refuses the first `failures` deliveries, as an unreachable broker would. */
function flakyTransport(failures: number) {
  const delivered: string[] = [];
  let attempts = 0;
  return {
    delivered,
    deps: {
      logger: silentLogger,
      acceptsTopic: () => true,
      deliver: async (batch: readonly OutgoingMessage[]) => {
        attempts++;
        if (attempts <= failures) throw new Error("broker unreachable");
        for (const { message } of batch) delivered.push(decoder.decode(message.value));
      },
      disconnect: async () => {},
    },
  };
}

describe("buffered producer", () => {
  it("retries a failed batch before anything sent after it, so order survives retries", async () => {
    const transport = flakyTransport(3);
    const producer = createBufferedProducer(transport.deps, {
      batchSize: 2,
      lingerMs: 1,
      retryBackoff: { initialMs: 1, maxMs: 5 },
    });
    for (let i = 0; i < 7; i++) await producer.send("t", textMessage("k", `m-${i}`));
    await producer.flush(5_000);
    expect(transport.delivered).toEqual(["m-0", "m-1", "m-2", "m-3", "m-4", "m-5", "m-6"]);
    expect(producer.stats()).toMatchObject({ delivered: 7, failedAttempts: 3, buffered: 0, inFlight: 0 });
  });

  it("rejects with BUFFER_FULL by bytes as well as by count", async () => {
    const producer = createBufferedProducer(flakyTransport(0).deps, {
      maxBufferedBytes: 40,
      lingerMs: 60_000,
    });
    await producer.send("t", textMessage("k", "x".repeat(30)));
    const refusal = await producer
      .send("t", textMessage("k", "x".repeat(30)))
      .catch((error: unknown) => error);
    expect(isAppError(refusal) && refusal.code).toBe("BUFFER_FULL");
    await producer.close();
  });

  it("fails flush with TIMEOUT while the broker stays unreachable, and keeps the messages", async () => {
    const producer = createBufferedProducer(flakyTransport(Number.POSITIVE_INFINITY).deps, {
      lingerMs: 1,
      retryBackoff: { initialMs: 5, maxMs: 20 },
    });
    await producer.send("t", textMessage("k", "kept"));
    const failure = await producer.flush(100).catch((error: unknown) => error);
    expect(isAppError(failure) && failure.code).toBe("TIMEOUT");
    expect(producer.stats().buffered + producer.stats().inFlight).toBe(1);
    await expect(producer.close(50)).rejects.toMatchObject({ code: "TIMEOUT" });
  });

  it("refuses sends after close", async () => {
    const producer = createBufferedProducer(flakyTransport(0).deps);
    await producer.close();
    await expect(producer.send("t", textMessage("k", "late"))).rejects.toMatchObject({
      code: "INVALID_STATE",
    });
  });

  it("enqueues without a promise, and throws what send would reject with", async () => {
    const transport = flakyTransport(0);
    const producer = createBufferedProducer(transport.deps, { maxBufferedMessages: 2, lingerMs: 60_000 });
    producer.enqueue("t", textMessage("k", "one"));
    producer.enqueue("t", textMessage("k", "two"));
    expect(() => producer.enqueue("t", textMessage("k", "three"))).toThrowError(
      expect.objectContaining({ code: "BUFFER_FULL" }),
    );
    await producer.flush();
    expect(transport.delivered).toEqual(["one", "two"]);
    await producer.close();
    expect(() => producer.enqueue("t", textMessage("k", "late"))).toThrowError(
      expect.objectContaining({ code: "INVALID_STATE" }),
    );
  });
});
