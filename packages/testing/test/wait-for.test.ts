import { describe, expect, it } from "vitest";
import { waitFor } from "../src/wait-for";

describe("waitFor", () => {
  it("returns the first value that meets the condition", async () => {
    let reads = 0;
    const value = await waitFor(() => ++reads, {
      until: (n) => n === 3,
      what: "the third read",
      intervalMs: 1,
    });
    expect(value).toBe(3);
  });

  it("without a condition, returns the first truthy value", async () => {
    let reads = 0;
    const value = await waitFor(() => (++reads < 3 ? undefined : { reads }), {
      what: "a row",
      intervalMs: 1,
    });
    expect(value).toEqual({ reads: 3 });
  });

  it("retries a read that throws until it answers", async () => {
    let reads = 0;
    const value = await waitFor(
      async () => {
        if (++reads < 3) throw new Error("connect ECONNREFUSED");
        return "up";
      },
      { what: "the service", intervalMs: 1 },
    );
    expect(value).toBe("up");
  });

  it("names what it awaited and the last value it read when it gives up", async () => {
    let reads = 0;
    const waiting = waitFor(() => ({ delivered: ++reads > 1 ? 2 : 1 }), {
      until: (seen) => seen.delivered === 3,
      what: "three deliveries",
      timeoutMs: 100,
      intervalMs: 10,
    });
    await expect(waiting).rejects.toThrow(
      /^timed out after 100 ms \(\d+ reads\) waiting for three deliveries; the last read returned \{ delivered: 2 \}$/,
    );
  });

  it("names the last error a read threw when it gives up, and keeps it as the cause", async () => {
    const refused = new Error("connect ECONNREFUSED 127.0.0.1:1");
    const error = await waitFor(
      () => {
        throw refused;
      },
      { what: "the service to answer", timeoutMs: 50, intervalMs: 10 },
    ).catch((caught: unknown) => caught as Error);
    expect(error.message).toMatch(
      /waiting for the service to answer; the last read threw Error: connect ECONNREFUSED/,
    );
    expect(error.cause).toBe(refused);
  });

  it("gives up on a read that never answers at the deadline", async () => {
    const started = performance.now();
    const waiting = waitFor(() => new Promise<boolean>(() => {}), { what: "a hung read", timeoutMs: 100 });
    await expect(waiting).rejects.toThrow(
      /waiting for a hung read; the last read threw Error: the read had not answered/,
    );
    expect(performance.now() - started).toBeLessThan(10_000);
  });

  it("ends at once with the signal's reason when what it waits for can no longer happen", async () => {
    const exited = new AbortController();
    const started = performance.now();
    const waiting = waitFor(() => false, { what: "the child to be ready", signal: exited.signal });
    setTimeout(() => exited.abort(new Error("the child exited 1")), 20);
    await expect(waiting).rejects.toThrow("the child exited 1");
    expect(performance.now() - started).toBeLessThan(10_000);
  });

  it("takes what it waits for as a string", async () => {
    await expect(waitFor(() => 0, { what: "a count", timeoutMs: 20 })).rejects.toThrow(
      "the last read returned 0",
    );
    await expect(waitFor(() => "yes", "an answer")).resolves.toBe("yes");
  });
});
