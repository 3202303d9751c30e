import { describe, expect, it } from "vitest";
import { newClickId } from "../src/redirect/new-click-id";

const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** The Unix milliseconds in the first 48 bits of a UUIDv7. */
function timeOf(id: string): number {
  return Number.parseInt(id.replaceAll("-", "").slice(0, 12), 16);
}

describe("click ids", () => {
  it("are RFC 9562 UUIDv7 carrying the click's millisecond", () => {
    for (const nowMs of [0, 1, 1_718_000_123_456, 2 ** 48 - 1, Date.now()]) {
      const id = newClickId(nowMs);
      expect(id).toMatch(UUID_V7);
      expect(timeOf(id)).toBe(nowMs);
    }
  });

  it("are unique, within one millisecond too, and each a string of its own", () => {
    const ids = Array.from({ length: 20_000 }, () => newClickId(1_718_000_123_456));
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.every((id) => UUID_V7.test(id))).toBe(true);
  });
});
