import { describe, expect, it } from "vitest";
import { evaluateRules } from "../src";
import { oneRule, userAgents, type VisitFields, visit } from "./support/visit";

function matches(condition: unknown, fields: VisitFields): boolean {
  return evaluateRules(oneRule(condition), visit(fields)) === 0;
}

describe("device, os and browser conditions", () => {
  it.each([
    [userAgents.iphone, "mobile", "ios", "safari"],
    [userAgents.samsung, "mobile", "android", "samsung"],
    [userAgents.chromebook, "desktop", "chromeos", "chrome"],
    [userAgents.ubuntuFirefox, "desktop", "linux", "firefox"],
    [userAgents.windowsEdge, "desktop", "windows", "edge"],
    [userAgents.macOpera, "desktop", "macos", "opera"],
    [userAgents.ipadChrome, "tablet", "ios", "chrome"],
  ])("classifies %s as %s / %s / %s", (userAgent, device, os, browser) => {
    expect(matches({ type: "device", values: [device] }, { userAgent })).toBe(true);
    expect(matches({ type: "os", values: [os] }, { userAgent })).toBe(true);
    expect(matches({ type: "browser", values: [browser] }, { userAgent })).toBe(true);
    expect(matches({ type: "browser", values: ["other"] }, { userAgent })).toBe(false);
  });

  it("matches any of several values and misses the others", () => {
    expect(matches({ type: "device", values: ["tablet", "mobile"] }, { userAgent: userAgents.iphone })).toBe(
      true,
    );
    expect(matches({ type: "device", values: ["tablet", "desktop"] }, { userAgent: userAgents.iphone })).toBe(
      false,
    );
    expect(matches({ type: "os", values: ["android"] }, { userAgent: userAgents.iphone })).toBe(false);
  });

  it("gives a bot or an empty user agent no device and no os, and browser 'other'", () => {
    for (const userAgent of [userAgents.curl, ""]) {
      for (const device of ["mobile", "tablet", "desktop"]) {
        expect(matches({ type: "device", values: [device] }, { userAgent })).toBe(false);
      }
      expect(matches({ type: "os", values: ["linux", "windows"] }, { userAgent })).toBe(false);
      expect(matches({ type: "browser", values: ["other"] }, { userAgent })).toBe(true);
    }
  });
});

describe("language condition", () => {
  it("matches a primary subtag against any of the visitor's languages, case-insensitively", () => {
    expect(matches({ type: "language", values: ["de"] }, { acceptLanguage: "fr-FR, DE-at;q=0.2" })).toBe(
      true,
    );
    expect(matches({ type: "language", values: ["DE"] }, { acceptLanguage: "de" })).toBe(true);
    expect(matches({ type: "language", values: ["de"] }, { acceptLanguage: "fr-FR, en;q=0.8" })).toBe(false);
  });

  it("does not count a language the visitor refuses with q=0", () => {
    expect(matches({ type: "language", values: ["de"] }, { acceptLanguage: "fr, de;q=0" })).toBe(false);
  });

  it("matches a full tag only exactly, case-insensitively", () => {
    expect(matches({ type: "language", values: ["pt-BR"] }, { acceptLanguage: "pt-br" })).toBe(true);
    expect(matches({ type: "language", values: ["pt-BR"] }, { acceptLanguage: "pt-PT, pt" })).toBe(false);
  });

  it("never matches without a usable header", () => {
    for (const acceptLanguage of [undefined, "", "*", "garbage;;;q=x"]) {
      expect(matches({ type: "language", values: ["en"] }, { acceptLanguage })).toBe(false);
    }
  });
});

describe("geo conditions", () => {
  const geo = { country: "AT", region: "AT-9", city: "Wien" };

  it("matches country, region and city codes case-insensitively", () => {
    expect(matches({ type: "country", values: ["DE", "at"] }, geo)).toBe(true);
    expect(matches({ type: "country", values: ["DE"] }, geo)).toBe(false);
    expect(matches({ type: "region", values: ["at-9"] }, geo)).toBe(true);
    expect(matches({ type: "region", values: ["DE-BY"] }, geo)).toBe(false);
    expect(matches({ type: "city", values: ["WIEN"] }, geo)).toBe(true);
    expect(matches({ type: "city", values: ["Graz"] }, geo)).toBe(false);
  });

  it("never matches a geo condition when the visitor's location is unknown", () => {
    for (const unknown of [
      {},
      { country: "", region: "", city: "" },
      { country: null, region: null, city: null },
    ]) {
      expect(matches({ type: "country", values: ["AT"] }, unknown)).toBe(false);
      expect(matches({ type: "region", values: ["AT-9"] }, unknown)).toBe(false);
      expect(matches({ type: "city", values: ["Wien"] }, unknown)).toBe(false);
    }
  });
});

describe("ip condition", () => {
  const ip = (values: string[], address: string | undefined) =>
    matches({ type: "ip", values }, { ip: address });

  it("matches IPv4 CIDR ranges", () => {
    expect(ip(["10.0.0.0/8"], "10.200.1.1")).toBe(true);
    expect(ip(["10.0.0.0/8"], "11.0.0.1")).toBe(false);
    expect(ip(["203.0.113.7/32"], "203.0.113.7")).toBe(true);
    expect(ip(["203.0.113.7/32"], "203.0.113.8")).toBe(false);
  });

  it("matches IPv6 CIDR ranges", () => {
    expect(ip(["2001:db8::/32"], "2001:db8:1234::1")).toBe(true);
    expect(ip(["2001:db8::/32"], "2001:db9::1")).toBe(false);
  });

  it("matches an IPv4-mapped IPv6 address against the IPv4 range", () => {
    expect(ip(["192.0.2.0/24"], "::ffff:192.0.2.44")).toBe(true);
    expect(ip(["192.0.2.0/24"], "::ffff:198.51.100.1")).toBe(false);
  });

  it("never crosses address families and never matches an unknown or malformed address", () => {
    expect(ip(["0.0.0.0/0"], "2001:db8::1")).toBe(false);
    expect(ip(["::/0"], "192.0.2.1")).toBe(false);
    expect(ip(["0.0.0.0/0", "::/0"], undefined)).toBe(false);
    expect(ip(["0.0.0.0/0", "::/0"], "not-an-ip")).toBe(false);
  });
});

describe("referrer_host condition", () => {
  const from = (values: string[], referer: string | undefined) =>
    matches({ type: "referrer_host", values }, { referer });

  it("matches the Referer's host and its subdomains, case-insensitively", () => {
    expect(from(["example.com"], "https://Example.COM/page")).toBe(true);
    expect(from(["example.com"], "https://news.example.com/a?b=c")).toBe(true);
    expect(from(["EXAMPLE.com"], "http://example.com.:8080/")).toBe(true);
  });

  it("does not match a host that only ends with the same letters, nor a parent domain", () => {
    expect(from(["example.com"], "https://badexample.com/")).toBe(false);
    expect(from(["news.example.com"], "https://example.com/")).toBe(false);
  });

  it("never matches without a parsable Referer", () => {
    for (const referer of [
      undefined,
      "",
      "not a url",
      "/relative/path",
      `https://example.com/${"a".repeat(5000)}`,
    ]) {
      expect(from(["example.com"], referer)).toBe(false);
    }
  });
});

describe("query_param condition", () => {
  it("matches a present parameter, with any value", () => {
    expect(matches({ type: "query_param", name: "ref" }, { query: "?ref=" })).toBe(true);
    expect(matches({ type: "query_param", name: "ref" }, { query: "a=1" })).toBe(false);
  });

  it("matches a parameter equal to the value, among repeated ones", () => {
    const condition = { type: "query_param", name: "utm_source", value: "news letter" };
    expect(matches(condition, { query: "utm_source=x&utm_source=news+letter" })).toBe(true);
    expect(matches(condition, { query: new URLSearchParams({ utm_source: "newsletter" }) })).toBe(false);
    expect(matches(condition, {})).toBe(false);
  });
});

describe("after and before conditions", () => {
  const at = "2026-07-01T00:00:00+02:00";
  const instant = Date.parse("2026-06-30T22:00:00Z");

  it("includes the instant of 'after'", () => {
    expect(matches({ type: "after", at }, { time: instant })).toBe(true);
    expect(matches({ type: "after", at }, { time: instant - 1 })).toBe(false);
  });

  it("excludes the instant of 'before'", () => {
    expect(matches({ type: "before", at }, { time: instant - 1 })).toBe(true);
    expect(matches({ type: "before", at }, { time: instant })).toBe(false);
  });
});
