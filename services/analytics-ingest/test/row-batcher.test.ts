import { setImmediate } from "node:timers/promises";
import { createLogger } from "@kurz/logger";
import { describe, expect, it } from "vitest";
import { createRowBatcher } from "../src/ingest/row-batcher";

const logger = createLogger({ service: "row-batcher-test", level: "silent" });

/** A store that records each batch, and can be made to fail. */
function recordingStore() {
  const batches: number[][] = [];
  const state = { failing: false };
  return {
    batches,
    state,
    write: async (rows: number[]) => {
      if (state.failing) throw new Error("store unreachable");
      batches.push([...rows]);
    },
  };
}

describe("row batcher", () => {
  it("resolves a write only once its rows are stored, in a batch shared with other writes", async () => {
    const store = recordingStore();
    const batcher = createRowBatcher({
      name: "t",
      maxRows: 5,
      maxWaitMs: 60_000,
      maxPending: 100,
      write: store.write,
      logger,
    });
    let firstDone = false;
    const first = batcher.write([1, 2, 3]).then(() => {
      firstDone = true;
    });
    // One turn of the event loop: a write resolved too early would show by now (no timer of a
    // minute's maxWait can fire, so nothing is waited for).
    await setImmediate();
    expect(firstDone).toBe(false);
    expect(batcher.stats().pending).toBe(3);
    // Reaching maxRows writes at once: the first write's rows go with the second's first two.
    let secondDone = false;
    const second = batcher.write([4, 5, 6, 7]).then(() => {
      secondDone = true;
    });
    await first;
    expect(store.batches).toEqual([[1, 2, 3, 4, 5]]);
    // 6 and 7 wait for company: the second write is done only when they are stored too.
    await setImmediate();
    expect(secondDone).toBe(false);
    await batcher.flush();
    await second;
    expect(store.batches).toEqual([
      [1, 2, 3, 4, 5],
      [6, 7],
    ]);
    await batcher.close(1_000);
  });

  it("writes a `now` write without waiting for its timer", async () => {
    const store = recordingStore();
    const batcher = createRowBatcher({
      name: "t",
      maxRows: 100,
      maxWaitMs: 60_000,
      maxPending: 100,
      write: store.write,
      logger,
    });
    await batcher.write([42], { now: true });
    expect(store.batches).toEqual([[42]]);
    await batcher.close(1_000);
  });

  it("writes everything at once after expedite, so a stopping consumer's batch is not held back", async () => {
    const store = recordingStore();
    const batcher = createRowBatcher({
      name: "t",
      maxRows: 100,
      maxWaitMs: 60_000,
      maxPending: 100,
      write: store.write,
      logger,
    });
    const held = batcher.write([1, 2]);
    batcher.expedite();
    await held;
    await batcher.write([3]);
    expect(store.batches.flat()).toEqual([1, 2, 3]);
    await batcher.close(1_000);
  });

  it("rejects the writes it gave up on at close, so the consumer does not acknowledge them", async () => {
    const store = recordingStore();
    store.state.failing = true;
    const batcher = createRowBatcher({
      name: "t",
      maxRows: 100,
      maxWaitMs: 60_000,
      maxPending: 100,
      write: store.write,
      logger,
    });
    const lost = batcher.write([1, 2]).catch((error: unknown) => error);
    await batcher.close(150);
    expect(await lost).toBeInstanceOf(Error);
    expect(store.batches).toEqual([]);
    await expect(batcher.write([3])).rejects.toThrow("closed");
  });
});
