import { describe, expect, it } from "vitest";
import { parseAllowedTargets } from "../src";

describe("parsing WEBHOOK_ALLOWED_TARGETS", () => {
  it("reads comma-separated IPv4 and IPv6 CIDRs, spaces and empty entries ignored", () => {
    const targets = parseAllowedTargets(" 127.0.0.1/32, ::1/128,,10.0.0.0/8 ");
    expect(targets.ranges).toEqual(["127.0.0.1/32", "::1/128", "10.0.0.0/8"]);
    expect(targets.includes("10.255.0.1")).toBe(true);
    expect(targets.includes("[::1]")).toBe(true);
    expect(targets.includes("11.0.0.1")).toBe(false);
    expect(targets.includes("::2")).toBe(false);
  });

  it("reads a bare address as its own /32 or /128", () => {
    const targets = parseAllowedTargets(["192.168.1.10", "fd12::1"]);
    expect(targets.ranges).toEqual(["192.168.1.10/32", "fd12::1/128"]);
    expect(targets.includes("192.168.1.10")).toBe(true);
    expect(targets.includes("192.168.1.11")).toBe(false);
    expect(targets.includes("fd12::1")).toBe(true);
    expect(targets.includes("fd12::2")).toBe(false);
  });

  it("matches IPv4-mapped IPv6 addresses and ranges by their IPv4 form", () => {
    const targets = parseAllowedTargets("127.0.0.1/32,::ffff:192.168.0.0/112");
    expect(targets.includes("::ffff:127.0.0.1")).toBe(true);
    expect(targets.includes("[::ffff:7f00:1]")).toBe(true);
    expect(targets.includes("192.168.44.1")).toBe(true);
    expect(targets.ranges).toEqual(["127.0.0.1/32", "192.168.0.0/16"]);
  });

  it("allows nothing when empty or unset", () => {
    expect(parseAllowedTargets("").includes("127.0.0.1")).toBe(false);
    expect(parseAllowedTargets(undefined).ranges).toEqual([]);
  });

  it.each([
    "10.0.0.0/33",
    "::1/129",
    "example.com",
    "localhost",
    "127.1",
    "0x7f000001/32",
    "10.0.0.0/8/8",
    "1.2.3",
  ])("refuses the invalid entry %s, naming it", (entry) => {
    expect(() => parseAllowedTargets(`127.0.0.1/32,${entry}`)).toThrow(`"${entry}"`);
  });
});
