import { describe, expect, it } from "vitest";
import { forwardVisitQuery, MAX_FORWARDED_QUERY_LENGTH } from "../src";

describe("forwardVisitQuery", () => {
  it("answers the destination as it is when the visit has no query", () => {
    expect(forwardVisitQuery("https://example.com/a?x=1#f", "/abc")).toBe("https://example.com/a?x=1#f");
    expect(forwardVisitQuery("https://example.com/a?x=1#f", "/abc?")).toBe("https://example.com/a?x=1#f");
  });

  it("adds the visit's parameters after the destination's, before its fragment", () => {
    expect(forwardVisitQuery("https://example.com/a#f", "/abc?ref=tw&n=1")).toBe(
      "https://example.com/a?ref=tw&n=1#f",
    );
    expect(forwardVisitQuery("https://example.com/a?x=1", "/abc?ref=tw")).toBe(
      "https://example.com/a?x=1&ref=tw",
    );
  });

  it("replaces every destination value of a name the visit sets, keeping the visit's repeated values", () => {
    expect(forwardVisitQuery("https://example.com/a?t=1&x=2&t=3", "/abc?t=9&t=8")).toBe(
      "https://example.com/a?x=2&t=9&t=8",
    );
  });

  it("never passes on the redirector's own parameters, nor nameless ones", () => {
    expect(forwardVisitQuery("https://example.com/a", "/abc?svc_click_id=forged&service_click_id=x&=v")).toBe(
      "https://example.com/a",
    );
  });

  it("touches only the query: scheme, host and path stay the link's whatever the visit sends", () => {
    const forwarded = new URL(
      forwardVisitQuery("https://example.com/a", "/abc?next=https%3A%2F%2Fevil.example%2F&@x=/y"),
    );
    expect(forwarded.origin).toBe("https://example.com");
    expect(forwarded.pathname).toBe("/a");
    expect(forwarded.searchParams.get("next")).toBe("https://evil.example/");
  });

  it("forwards nothing from a query over the limit", () => {
    const long = `/abc?q=${"x".repeat(MAX_FORWARDED_QUERY_LENGTH)}`;
    expect(forwardVisitQuery("https://example.com/a", long)).toBe("https://example.com/a");
  });
});
