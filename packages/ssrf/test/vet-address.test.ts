import { describe, expect, it } from "vitest";
import { parseAllowedTargets, vetAddress } from "../src";

const noTargets = parseAllowedTargets("");

describe("vetting an address before Kurz connects to it", () => {
  const refused: Array<[string, string]> = [
    ["127.0.0.1", "loopback"],
    ["127.255.255.254", "loopback"],
    ["::1", "loopback"],
    ["10.1.2.3", "private_network"],
    ["172.16.0.1", "private_network"],
    ["172.31.255.255", "private_network"],
    ["192.168.1.1", "private_network"],
    ["100.64.0.1", "private_network"],
    ["100.127.255.254", "private_network"],
    ["fc00::1", "private_network"],
    ["fd12:3456::1", "private_network"],
    ["169.254.1.1", "link_local"],
    ["fe80::1", "link_local"],
    ["224.0.0.1", "multicast"],
    ["239.255.255.250", "multicast"],
    ["ff02::1", "multicast"],
    ["255.255.255.255", "multicast"],
    ["240.0.0.1", "reserved"],
    ["192.0.2.1", "reserved"],
    ["198.51.100.7", "reserved"],
    ["203.0.113.9", "reserved"],
    ["2001:db8::1", "reserved"],
    ["198.18.0.1", "reserved"],
    ["198.19.255.255", "reserved"],
    ["192.0.0.8", "reserved"],
    ["0.0.0.0", "unspecified"],
    ["0.1.2.3", "unspecified"],
    ["::", "unspecified"],
    ["[::]", "unspecified"],
    ["169.254.169.254", "cloud_metadata"],
    ["fd00:ec2::254", "cloud_metadata"],
    ["::ffff:127.0.0.1", "loopback"],
    ["::ffff:10.0.0.1", "private_network"],
    ["::ffff:169.254.169.254", "cloud_metadata"],
    ["::127.0.0.1", "loopback"],
    ["::ffff:0:127.0.0.1", "loopback"],
    ["64:ff9b::a9fe:a9fe", "cloud_metadata"],
    ["2002:7f00:1::", "loopback"],
    ["0x7f.1", "not_an_ip_address"],
    ["localhost", "not_an_ip_address"],
  ];

  it.each(refused)("refuses %s as %s", (address, reason) => {
    const verdict = vetAddress(address, noTargets);
    expect(verdict).toMatchObject({ allowed: false, reason });
    expect(verdict.allowed === false && verdict.description.length).toBeGreaterThan(0);
  });

  it.each([
    "8.8.8.8",
    "93.184.215.14",
    "172.15.255.255",
    "172.32.0.1",
    "100.63.255.255",
    "100.128.0.1",
    "198.20.0.1",
    "2606:4700::1111",
    "::ffff:8.8.8.8",
  ])("lets the global unicast address %s through", (address) => {
    expect(vetAddress(address, noTargets)).toEqual({ allowed: true });
  });

  it("lets an address inside the allowed targets through, and nothing next to it", () => {
    const targets = parseAllowedTargets("127.0.0.1/32,::1/128,10.0.0.0/8");
    expect(vetAddress("127.0.0.1", targets)).toEqual({ allowed: true });
    expect(vetAddress("::ffff:127.0.0.1", targets)).toEqual({ allowed: true });
    expect(vetAddress("::1", targets)).toEqual({ allowed: true });
    expect(vetAddress("10.200.3.4", targets)).toEqual({ allowed: true });
    expect(vetAddress("127.0.0.2", targets)).toMatchObject({ allowed: false, reason: "loopback" });
    expect(vetAddress("192.168.0.1", targets)).toMatchObject({ allowed: false, reason: "private_network" });
    expect(vetAddress("169.254.169.254", targets)).toMatchObject({
      allowed: false,
      reason: "cloud_metadata",
    });
  });

  it("refuses public addresses too when only allowed targets may be reached (plain http)", () => {
    const targets = parseAllowedTargets("127.0.0.1/32");
    expect(vetAddress("127.0.0.1", targets, { allowedTargetsOnly: true })).toEqual({ allowed: true });
    expect(vetAddress("8.8.8.8", targets, { allowedTargetsOnly: true })).toMatchObject({
      allowed: false,
      reason: "outside_allowed_targets",
    });
    expect(vetAddress("10.0.0.1", targets, { allowedTargetsOnly: true })).toMatchObject({
      allowed: false,
      reason: "private_network",
    });
  });
});
