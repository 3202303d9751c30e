import { createHash } from "node:crypto";
import { createCache } from "@kurz/cache";
import { describe, expect, it } from "vitest";
import { resolveTimeRange } from "../src/analytics/resolve-time-range";
import { conversionIdOf, uuidV7Time } from "../src/conversions/conversion-id";
import { validateConversion } from "../src/conversions/validate-conversion";
import { utmOfClick } from "../src/enrichment/utm-of-click";
import { createVisitorHasher } from "../src/enrichment/visitor-hasher";
import { toClickHouseTime } from "../src/ingest/click-row";

describe("conversions", () => {
  const base = {
    svcClickId: "0190a9b2-7c3d-7e4f-8a1b-2c3d4e5f6a7b",
    eventName: "purchase",
    value: 10,
    currency: "",
    metadata: undefined,
    idempotencyKey: "",
  };

  it("defaults the currency to USD and upper-cases it", () => {
    expect(validateConversion(base, 4096).currency).toBe("USD");
    expect(validateConversion({ ...base, currency: "jpy" }, 4096).currency).toBe("JPY");
  });

  it.each([
    [{ currency: "ABC" }, "currency"],
    [{ currency: "EURO" }, "currency"],
    [{ value: Number.POSITIVE_INFINITY }, "value"],
    [{ eventName: "x".repeat(65) }, "event_name"],
    [{ metadata: [] as unknown as Record<string, unknown> }, "metadata"],
    [{ metadata: { big: "y".repeat(200) } }, "metadata"],
    [{ idempotencyKey: "with space" }, "idempotency_key"],
  ])("refuses %j", (change, field) => {
    expect(() => validateConversion({ ...base, ...change }, 100)).toThrowError(
      expect.objectContaining({ code: "VALIDATION_ERROR", details: expect.objectContaining({ field }) }),
    );
  });

  it("derives the same id for the same conversion and another for another key", () => {
    const a = conversionIdOf("acc", base.svcClickId, "purchase", "");
    expect(conversionIdOf("acc", base.svcClickId.toUpperCase(), "purchase", "")).toBe(a);
    expect(conversionIdOf("acc", base.svcClickId, "purchase", "order-2")).not.toBe(a);
    expect(conversionIdOf("other", base.svcClickId, "purchase", "")).not.toBe(a);
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(uuidV7Time(base.svcClickId)).toBe(0x0190a9b27c3d);
  });
});

describe("time ranges", () => {
  const now = Date.UTC(2024, 4, 15, 10, 30);

  it("starts a period at a UTC midnight, ends it on the next whole hour, and picks a granularity", () => {
    const range = resolveTimeRange({ period: "30d" }, now);
    expect(range.start.toISOString()).toBe("2024-04-15T00:00:00.000Z");
    expect(range.end.toISOString()).toBe("2024-05-15T11:00:00.000Z");
    expect(range.granularity).toBe("day");
    expect(resolveTimeRange({}, now).granularity).toBe("day");
    expect(resolveTimeRange({ period: "1y" }, now).granularity).toBe("week");
  });

  it("refuses half or inverted explicit ranges and ranges over two years", () => {
    const day = new Date(now);
    expect(() => resolveTimeRange({ start: day }, now)).toThrowError(
      expect.objectContaining({ code: "VALIDATION_ERROR" }),
    );
    expect(() => resolveTimeRange({ start: day, end: new Date(now - 1) }, now)).toThrowError(
      expect.objectContaining({ code: "VALIDATION_ERROR" }),
    );
    expect(() => resolveTimeRange({ start: new Date(0), end: day }, now)).toThrowError(
      expect.objectContaining({ code: "VALIDATION_ERROR" }),
    );
  });
});

describe("visitor hashes", () => {
  it("are sha256(salt ‖ account ‖ 0 ‖ ip ‖ 0 ‖ user agent) cut to 48 bits, for any input size", async () => {
    const visitors = createVisitorHasher(createCache());
    const salt = Buffer.alloc(32, 7);
    const reference = (account: string, ip: string, agent: string) =>
      createHash("sha256")
        .update(salt)
        .update(account)
        .update("\0")
        .update(ip)
        .update("\0")
        .update(agent)
        .digest()
        .readUIntBE(0, 6);
    for (const agent of ["", "Mozilla/5.0 日本語 😀", "x".repeat(5_000), "é".repeat(3_000)]) {
      expect(visitors.hash(salt, "acct", "2001:db8::1", agent)).toBe(reference("acct", "2001:db8::1", agent));
    }
    expect(visitors.hash(salt, "acct", "1.2.3.4", "ua")).not.toBe(
      visitors.hash(salt, "acct", "1.2.3.5", "ua"),
    );
  });

  it("use one salt per UTC day, handed out without waiting once known", async () => {
    const visitors = createVisitorHasher(createCache());
    const day = Date.UTC(2026, 10, 22, 1);
    const first = await visitors.saltFor(day);
    expect(visitors.saltFor(day + 3_600_000)).toBe(first);
    expect(await visitors.saltFor(day + 86_400_000)).not.toEqual(first);
  });
});

describe("ClickHouse times", () => {
  it("formats instants as DateTime64(3) text, UTC, whatever their order", () => {
    const reference = (ms: number) => new Date(ms).toISOString().slice(0, 23).replace("T", " ");
    const base = Date.UTC(2026, 10, 22, 23, 59, 59, 0);
    for (const ms of [
      base,
      base + 5,
      base + 50,
      base + 999,
      base + 1000,
      base + 7,
      base - 1,
      0,
      86_400_000 * 365 * 30 + 1,
    ]) {
      expect(toClickHouseTime(ms)).toBe(reference(ms));
    }
    expect(toClickHouseTime(base + 0.5)).toBe(reference(base + 0.5));
  });
});

describe("the UTM values of a click", () => {
  const none = { source: "", medium: "", campaign: "", term: "", content: "" };
  const link = "https://shop.example.com/p?utm_source=news&utm_medium=email&x=1#utm_term=no";

  it("are the link's own (its destination's utm_* parameters) when the visit carried none", () => {
    expect(utmOfClick({ destinationUrl: link, utm: undefined })).toEqual({
      ...none,
      source: "news",
      medium: "email",
    });
  });

  it("take the visit's parameter over the link's, field by field", () => {
    expect(
      utmOfClick({ destinationUrl: link, utm: { ...none, medium: "social", campaign: "spring" } }),
    ).toEqual({ ...none, source: "news", medium: "social", campaign: "spring" });
  });

  it("are the visit's alone for a destination without tags, and none without either", () => {
    const visit = { ...none, source: "qr" };
    expect(utmOfClick({ destinationUrl: "https://example.com/?utm=x", utm: visit })).toBe(visit);
    expect(utmOfClick({ destinationUrl: "https://example.com/a", utm: undefined })).toBeUndefined();
    expect(utmOfClick({ destinationUrl: "not a url ?utm_source=%zz", utm: undefined })?.source).toBe("%zz");
  });

  it("cut each value to 256 characters", () => {
    const long = "x".repeat(300);
    expect(
      utmOfClick({ destinationUrl: `https://e.com/?utm_source=${long}`, utm: undefined })?.source,
    ).toHaveLength(256);
  });
});
