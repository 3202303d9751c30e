import ipaddr from "ipaddr.js";
import { bareHost } from "./classify-destination-host";

/**
 * Address ranges a deployment lets outbound requests reach although they are not public
 * (WEBHOOK_ALLOWED_TARGETS): local development and tests, which deliver to 127.0.0.1.
 * Addresses only, never names: the guard judges what a socket connects to, and a name's
 * addresses are whatever its DNS answers at that moment.
 */
export interface AllowedTargets {
  /** Whether an IP address (IPv4, IPv6, bracketed or not) lies inside one of the ranges. */
  includes(address: string): boolean;
  /** The ranges as read, normalised (`127.0.0.1/32`, `::1/128`): for logs and error hints. */
  readonly ranges: readonly string[];
}

type Range = [ipaddr.IPv4 | ipaddr.IPv6, number];

/**
 * Parses comma-separated CIDRs ("127.0.0.1/32,::1/128,10.0.0.0/8"), or a list of them; a bare
 * address is its own /32 or /128. Empty input allows nothing. Throws naming the entry it cannot
 * read, so a typo fails the start instead of silently allowing nothing (or too much).
 */
export function parseAllowedTargets(input: string | readonly string[] | undefined): AllowedTargets {
  const entries = typeof input === "string" ? input.split(",") : (input ?? []);
  const ranges: Range[] = [];
  for (const raw of entries) {
    const entry = bareHost(raw);
    if (entry === "") continue;
    ranges.push(toIpv4IfMapped(parseEntry(entry, raw)));
  }
  return {
    ranges: ranges.map(([address, bits]) => `${address.toString()}/${bits}`),
    includes(address) {
      if (ranges.length === 0) return false;
      const host = bareHost(address);
      if (!ipaddr.isValid(host)) return false;
      const [parsed] = toIpv4IfMapped([ipaddr.parse(host), 128]);
      return ranges.some(([range, bits]) => range.kind() === parsed.kind() && parsed.match(range, bits));
    },
  };
}

function parseEntry(entry: string, raw: string): Range {
  if (entry.includes("/")) {
    if (!isCanonicalAddress(entry.slice(0, entry.indexOf("/"))) || !ipaddr.isValidCIDR(entry)) {
      throw new Error(`allowed targets: "${raw.trim()}" is not a CIDR range (e.g. 10.0.0.0/8, ::1/128)`);
    }
    return ipaddr.parseCIDR(entry);
  }
  if (!isCanonicalAddress(entry)) {
    throw new Error(
      `allowed targets: "${raw.trim()}" is not an IP address or CIDR range (host names are not accepted)`,
    );
  }
  const address = ipaddr.parse(entry);
  return [address, address.kind() === "ipv4" ? 32 : 128];
}

/**
 * Dotted-decimal IPv4 or IPv6 only: ipaddr.js would also read "127.1" or "0x7f000001" as IPv4,
 * which a reader of the configuration would not expect.
 */
function isCanonicalAddress(address: string): boolean {
  return (
    ipaddr.IPv4.isValidFourPartDecimal(address) || (address.includes(":") && ipaddr.IPv6.isValid(address))
  );
}

/**
 * An IPv4-mapped IPv6 address (::ffff:a.b.c.d) reaches the IPv4 host, so both the ranges and the
 * addresses tested against them are compared in IPv4 form.
 */
function toIpv4IfMapped([address, bits]: Range): Range {
  if (address.kind() === "ipv6" && bits >= 96) {
    const v6 = address as ipaddr.IPv6;
    if (v6.isIPv4MappedAddress()) return [v6.toIPv4Address(), bits - 96];
  }
  return [address, bits];
}
