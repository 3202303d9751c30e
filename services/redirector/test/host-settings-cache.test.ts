import { create } from "@bufbuild/protobuf";
import { TestClock } from "@kurz/clock";
import { createLogger } from "@kurz/logger";
import { linksV1 } from "@kurz/proto";
import { describe, expect, it } from "vitest";
import { createHostSettingsCache } from "../src/links/host-settings-cache";

const TTL_MS = 10_000;
const settings = (root: string) => create(linksV1.HostSettingsSchema, { rootRedirectUrl: root });

/** A ResolveHost stand-in: answers from `answers` per host, or fails while `down`. */
function fakeSource() {
  const state = { down: false, calls: 0, answers: new Map<string, linksV1.HostSettings | null>() };
  const source = async (host: string) => {
    state.calls++;
    if (state.down) throw new Error("link-api unreachable");
    return state.answers.get(host) ?? null;
  };
  return { state, source };
}

function cacheOf(source: (host: string) => Promise<linksV1.HostSettings | null>, clock: TestClock) {
  return createHostSettingsCache({
    source,
    logger: createLogger({ service: "redirector", level: "silent" }),
    ttlMs: TTL_MS,
    clock,
  });
}

describe("host settings cache (a clock the test moves)", () => {
  it("keeps a host's settings, and its absence, for the TTL, then asks again", async () => {
    const clock = new TestClock({ frozen: true });
    const { state, source } = fakeSource();
    state.answers.set("go.acme.com", settings("https://acme.example/"));
    const cache = cacheOf(source, clock);

    expect((await cache.lookup("go.acme.com"))?.rootRedirectUrl).toBe("https://acme.example/");
    expect(await cache.lookup("nobody.example")).toBeNull();
    state.answers.set("go.acme.com", settings("https://acme.example/new"));
    state.answers.set("nobody.example", settings("https://late.example/"));
    clock.advance(TTL_MS - 1);
    expect((await cache.lookup("go.acme.com"))?.rootRedirectUrl).toBe("https://acme.example/");
    expect(await cache.lookup("nobody.example")).toBeNull();
    expect(state.calls).toBe(2);

    clock.advance(2);
    expect((await cache.lookup("go.acme.com"))?.rootRedirectUrl).toBe("https://acme.example/new");
    expect((await cache.lookup("nobody.example"))?.rootRedirectUrl).toBe("https://late.example/");
    expect(state.calls).toBe(4);
  });

  it("asks once for concurrent lookups of one host", async () => {
    const clock = new TestClock({ frozen: true });
    const { state, source } = fakeSource();
    state.answers.set("go.acme.com", settings("https://acme.example/"));
    const cache = cacheOf(source, clock);
    const answers = await Promise.all(Array.from({ length: 20 }, () => cache.lookup("go.acme.com")));
    expect(new Set(answers.map((answer) => answer?.rootRedirectUrl))).toEqual(
      new Set(["https://acme.example/"]),
    );
    expect(state.calls).toBe(1);
  });

  it("serves an expired copy while link-api is down, and refuses as DEPENDENCY_UNAVAILABLE (transient) when it holds none", async () => {
    const clock = new TestClock({ frozen: true });
    const { state, source } = fakeSource();
    state.answers.set("go.acme.com", settings("https://acme.example/"));
    const cache = cacheOf(source, clock);
    await cache.lookup("go.acme.com");

    state.down = true;
    clock.advance(TTL_MS + 1);
    expect((await cache.lookup("go.acme.com"))?.rootRedirectUrl).toBe("https://acme.example/");
    await expect(cache.lookup("never-seen.example")).rejects.toMatchObject({
      code: "DEPENDENCY_UNAVAILABLE",
    });

    // Back up: the next lookup past the TTL takes link-api's answer again.
    state.down = false;
    state.answers.set("never-seen.example", settings("https://seen.example/"));
    expect((await cache.lookup("never-seen.example"))?.rootRedirectUrl).toBe("https://seen.example/");
  });
});
