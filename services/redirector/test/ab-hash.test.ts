import { describe, expect, it } from "vitest";
import { fnv1a32 } from "../src/abtests/fnv1a32";
import { hashBucket } from "../src/abtests/hash-bucket";

describe("fnv1a32", () => {
  it("matches the published FNV-1a 32-bit test vectors", () => {
    expect(fnv1a32("")).toBe(0x811c9dc5);
    expect(fnv1a32("a")).toBe(0xe40c292c);
    expect(fnv1a32("foobar")).toBe(0xbf9cf968);
  });

  it("hashes the UTF-8 bytes of text beyond ASCII", () => {
    // "é" is C3 A9 in UTF-8; "日本" is E6 97 A5 E6 9C AC (values worked out byte by byte).
    expect(fnv1a32("é")).toBe(0x1e9de8c1);
    expect(fnv1a32("日本")).toBe(0x9f26ee51);
  });

  it("answers an unsigned 32-bit integer", () => {
    for (const text of ["", "a", "kz", "seeda", "3f0c1a5e-7b2d-4c8e-9a61-0d5b7e2f4a10visitor"]) {
      const hash = fnv1a32(text);
      expect(Number.isInteger(hash) && hash >= 0 && hash <= 0xffffffff).toBe(true);
    }
  });
});

describe("hashBucket (GrowthBook v2)", () => {
  it("gives the published check: seed 'seed', id 'a' -> 0.0505", () => {
    expect(hashBucket("seed", "a")).toBe(0.0505);
  });

  it("agrees with GrowthBook's other published v2 cases", () => {
    expect(hashBucket("seed", "b")).toBe(0.2696);
    expect(hashBucket("foo", "ab")).toBe(0.2575);
    expect(hashBucket("foo", "def")).toBe(0.2019);
    expect(hashBucket("89123klj", "8952klfjas09ujkasdf")).toBe(0.124);
    expect(hashBucket("90850943850283058242805", "123")).toBe(0.7516);
    expect(hashBucket("()**(%$##$%#$#", '___)((*":&')).toBe(0.0128);
  });

  it("follows the algorithm step by step for a test id and a visitor id", () => {
    // fnv1a32("3f0c…4a10visitor-000001") = 835152236; fnv1a32("835152236") = 534979776;
    // 534979776 % 10000 = 9776.
    const seed = "3f0c1a5e-7b2d-4c8e-9a61-0d5b7e2f4a10";
    expect(fnv1a32(`${seed}visitor-000001`)).toBe(835_152_236);
    expect(fnv1a32("835152236")).toBe(534_979_776);
    expect(hashBucket(seed, "visitor-000001")).toBe(0.9776);
  });

  it("spreads 100,000 ids evenly: each tenth of [0, 1) gets 10 % ± 0.5 %", () => {
    const seed = "3f0c1a5e-7b2d-4c8e-9a61-0d5b7e2f4a10";
    const deciles = new Array<number>(10).fill(0);
    let outside = 0;
    for (let i = 0; i < 100_000; i++) {
      const bucket = hashBucket(seed, `visitor-${i}`);
      if (bucket < 0 || bucket >= 1) outside++;
      else deciles[Math.floor(bucket * 10)]!++;
    }
    expect(outside).toBe(0);
    for (const count of deciles) {
      expect(count / 100_000).toBeGreaterThanOrEqual(0.095);
      expect(count / 100_000).toBeLessThanOrEqual(0.105);
    }
  });
});
