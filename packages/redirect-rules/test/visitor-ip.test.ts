import { isIP } from "node:net";
import fc from "fast-check";
import ipaddr from "ipaddr.js";
import { describe, expect, it } from "vitest";
import { visit } from "./support/visit";

/** The Visitor's address as ipaddr.js alone reads it (the form the hand-written reader replaces). */
function reference(text: string): string | null {
  const trimmed = text.trim();
  const family = isIP(trimmed);
  if (family === 4) return `ipv4 ${ipaddr.IPv4.parse(trimmed).toString()}`;
  if (family !== 6) return null;
  const v6 = ipaddr.IPv6.parse(trimmed);
  const address = v6.isIPv4MappedAddress() ? v6.toIPv4Address() : v6;
  return `${address.kind()} ${address.toString()}`;
}

function read(text: string): string | null {
  const ip = visit({ ip: text }).ip;
  return ip === null ? null : `${ip.kind()} ${ip.toString()}`;
}

const mapped = fc
  .tuple(fc.constantFrom("::ffff:", "::FFFF:", "0:0:0:0:0:ffff:", "::fFfF:"), fc.ipV4())
  .map(([prefix, v4]) => prefix + v4);
const address = fc.oneof(
  fc.ipV4(),
  fc.ipV4Extended(),
  fc.ipV6(),
  mapped,
  fc.constantFrom("::ffff:", "::ffff:1.2.3", "::ffff:01.2.3.4", "1.2.3.04", " 10.0.0.1 ", "256.1.1.1", ""),
  fc.string({ maxLength: 20 }),
);

describe("the visitor's address", () => {
  it("is read as ipaddr.js reads it, for generated addresses of every form", () => {
    fc.assert(
      fc.property(address, (text) => {
        expect(read(text)).toBe(reference(text));
      }),
      { numRuns: 20_000 },
    );
  });

  it("keeps octets a range test matches on", () => {
    const ip = visit({ ip: "::ffff:192.0.2.44" }).ip as ipaddr.IPv4;
    expect(ip.kind()).toBe("ipv4");
    expect(ip.match(ipaddr.IPv4.parse("192.0.2.0"), 24)).toBe(true);
    expect(ip.octets).toEqual([192, 0, 2, 44]);
  });
});
