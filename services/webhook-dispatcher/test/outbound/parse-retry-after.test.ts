import { describe, expect, it } from "vitest";
import { parseRetryAfter } from "../../src/outbound/parse-retry-after";

const now = new Date("2030-01-01T00:00:00Z");

describe("reading Retry-After", () => {
  it("reads delta-seconds", () => {
    expect(parseRetryAfter("120", now)).toBe(120);
    expect(parseRetryAfter(" 0 ", now)).toBe(0);
    expect(parseRetryAfter(["30", "60"], now)).toBe(30);
  });

  it("reads an HTTP-date in each of its three forms as the seconds until then", () => {
    expect(parseRetryAfter("Tue, 01 Jan 2030 00:02:00 GMT", now)).toBe(120);
    expect(parseRetryAfter("Tuesday, 01-Jan-30 00:01:30 GMT", now)).toBe(90);
    expect(parseRetryAfter("Tue Jan  1 00:00:45 2030", now)).toBe(45);
  });

  it("answers 0 for a date already past", () => {
    expect(parseRetryAfter("Mon, 31 Dec 2029 23:00:00 GMT", now)).toBe(0);
  });

  it("caps both forms at a day", () => {
    expect(parseRetryAfter("9999999999999999999999", now)).toBe(86_400);
    expect(parseRetryAfter("Fri, 01 Feb 2030 00:00:00 GMT", now)).toBe(86_400);
  });

  it("ignores an absent or unreadable value", () => {
    for (const value of [undefined, "", "soon", "1.5", "-5", "5 minutes", "Tue, 99 Foo 2030"]) {
      expect(parseRetryAfter(value, now)).toBeUndefined();
    }
  });
});
