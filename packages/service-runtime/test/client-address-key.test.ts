import { describe, expect, it } from "vitest";
import { clientAddressKey } from "../src/rate-limit/client-address-key";

describe("clientAddressKey: what a per-address limit counts", () => {
  it("counts an IPv4 address whole and an IPv4-mapped IPv6 address as its IPv4 address", () => {
    expect(clientAddressKey("192.0.2.1")).toBe("192.0.2.1");
    expect(clientAddressKey("::ffff:192.0.2.1")).toBe("192.0.2.1");
  });

  it("counts an IPv6 address by its /64, whatever its spelling", () => {
    expect(clientAddressKey("2001:DB8:0:0a::1")).toBe("2001:db8:0:a::/64");
    expect(clientAddressKey("2001:db8:0:a:ffff:1:2:3")).toBe("2001:db8:0:a::/64");
    expect(clientAddressKey("2001:db8:0:b::1")).toBe("2001:db8:0:b::/64");
    expect(clientAddressKey("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
  });

  it("counts text that is not an address as itself", () => {
    expect(clientAddressKey("unknown")).toBe("unknown");
    expect(clientAddressKey("")).toBe("");
  });
});
