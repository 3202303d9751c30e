import { create } from "@bufbuild/protobuf";
import { createCache } from "@kurz/cache";
import { TestClock } from "@kurz/clock";
import { AppError } from "@kurz/errors";
import { createLogger } from "@kurz/logger";
import { linksV1 } from "@kurz/proto";
import { describe, expect, it } from "vitest";
import { createLinkCache } from "../src/links/link-cache";
import type { LinkSource } from "../src/links/link-source";

const snapshot = (destinationUrl: string, version: bigint) =>
  create(linksV1.LinkSnapshotSchema, {
    linkId: "0191c3a0-5e2b-7c4d-8e9f-000000000001",
    host: "go.acme.com",
    code: "spring",
    destinationUrl,
    version,
  });

/** A shared store (the in-memory adapter) that a test can take down and bring back. */
function storeWithOutage() {
  const real = createCache().cache;
  let down = false;
  const refuse = () => Promise.reject(new Error("connect ECONNREFUSED 127.0.0.1:6379"));
  return {
    store: {
      ...real,
      get: (key: string) => (down ? refuse() : real.get(key)),
      getBuffer: (key: string) => (down ? refuse() : real.getBuffer(key)),
      set: (key: string, value: string | Buffer, ttlMs: number) =>
        down ? refuse() : real.set(key, value, ttlMs),
    },
    setDown(value: boolean) {
      down = value;
    },
  };
}

/** A link cache over the shared store, with the redirector's usual settings. */
const cacheOptions = (store: ReturnType<typeof storeWithOutage>["store"], source: LinkSource) => ({
  source,
  store,
  logger: createLogger({ service: "redirector", level: "silent" }),
  l1TtlMs: 5_000,
  l1MaxEntries: 100,
  l2TtlMs: 3_600_000,
  negativeTtlMs: 30_000,
});

describe("the link cache while the shared store is down", () => {
  it("refuses a change it cannot land in the shared store (retryable), and never serves the old destination after it", async () => {
    const clock = new TestClock();
    const shared = storeWithOutage();
    const options = {
      ...cacheOptions(shared.store, async () => snapshot("https://acme.com/old", 1n)),
      clock,
    };
    const cache = createLinkCache(options);
    // Cached everywhere with its first destination.
    expect((await cache.lookup("go.acme.com", "spring"))?.snapshot.destinationUrl).toBe(
      "https://acme.com/old",
    );

    shared.setDown(true);
    const refused = await cache.put(snapshot("https://acme.com/new", 2n)).then(
      () => undefined,
      (error: unknown) => error,
    );
    // The consumer retries a retryable failure with the offset uncommitted, instead of moving on.
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).code).toBe("DEPENDENCY_UNAVAILABLE");
    expect((refused as AppError).retryable).toBe(true);
    // This replica already answers with the change.
    expect(cache.peek("go.acme.com", "spring")?.snapshot.destinationUrl).toBe("https://acme.com/new");

    shared.setDown(false);
    await cache.put(snapshot("https://acme.com/new", 2n));
    // Another replica (its own in-process cache) and this one after its copy expired read the
    // shared store: the change, not the destination the store held before the outage.
    const other = createLinkCache({ ...options, source: async () => snapshot("https://acme.com/new", 2n) });
    clock.advance(10_000);
    expect((await other.lookup("go.acme.com", "spring"))?.snapshot.destinationUrl).toBe(
      "https://acme.com/new",
    );
    expect((await cache.lookup("go.acme.com", "spring"))?.snapshot.destinationUrl).toBe(
      "https://acme.com/new",
    );
  });

  it("still answers lookups from link-api while the store is down (a miss, not an outage)", async () => {
    const shared = storeWithOutage();
    shared.setDown(true);
    const cache = createLinkCache(
      cacheOptions(shared.store, async () => snapshot("https://acme.com/live", 1n)),
    );
    expect((await cache.lookup("go.acme.com", "spring"))?.snapshot.destinationUrl).toBe(
      "https://acme.com/live",
    );
  });
});
