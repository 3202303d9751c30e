import ipaddr from "ipaddr.js";

/**
 * Where a destination host points, judged by its literal alone — no DNS lookup. That is the whole
 * check for a short link's destination (a redirect is followed by the visitor's browser, not
 * fetched by Kurz, so a name's addresses are not ours to check and would change after the check
 * anyway). Kurz's own outbound requests (webhooks) need the other half as well: vet-address.ts
 * judges every address a name resolves to with this same classification, and
 * create-guarded-lookup.ts makes the socket connect only to those.
 *
 * Hosts come as WHATWG URL serializes them: lowercase, IPv4 in dotted decimal (the URL parser
 * has already turned http://2130706433/, http://0x7f.1/ and http://0177.0.0.1/ into 127.0.0.1),
 * IPv6 in brackets.
 */

export type BlockedHostReason =
  | "loopback"
  | "private_network"
  | "link_local"
  | "cloud_metadata"
  | "unspecified"
  | "multicast"
  | "reserved"
  | "internal_name";

export type HostClass =
  | { blocked: false }
  | { blocked: true; reason: BlockedHostReason; description: string };

const DESCRIPTIONS: Record<BlockedHostReason, string> = {
  loopback: "a loopback address (localhost, 127.0.0.0/8, ::1)",
  private_network: "a private network address (10/8, 172.16/12, 192.168/16, 100.64/10, fc00::/7)",
  link_local: "a link-local address (169.254/16, fe80::/10)",
  cloud_metadata: "a cloud metadata service (169.254.169.254, fd00:ec2::254, metadata.google.internal)",
  unspecified: "the unspecified address (0.0.0.0/8, ::)",
  multicast: "a multicast or broadcast address",
  reserved: "a reserved or documentation address range",
  internal_name: "a name that only resolves inside a private network (.internal, .local, .home.arpa)",
};

const blocked = (reason: BlockedHostReason): HostClass => ({
  blocked: true,
  reason,
  description: DESCRIPTIONS[reason],
});

const METADATA_ADDRESSES = new Set(["169.254.169.254", "fd00:ec2::254"]);
const METADATA_NAMES = new Set(["metadata.google.internal", "metadata.goog"]);
const INTERNAL_SUFFIXES = [".internal", ".local", ".home.arpa", ".localdomain"];

const IPV4_RANGES: Record<string, BlockedHostReason | undefined> = {
  unspecified: "unspecified",
  broadcast: "multicast",
  multicast: "multicast",
  linkLocal: "link_local",
  loopback: "loopback",
  carrierGradeNat: "private_network",
  private: "private_network",
  reserved: "reserved",
};

/** The host part of a URL's hostname: no brackets, no trailing dot, lowercase. */
export function bareHost(hostname: string): string {
  const host = hostname.trim().toLowerCase().replace(/\.$/, "");
  return host.startsWith("[") && host.endsWith("]") ? host.slice(1, -1) : host;
}

function classifyIpv4(address: ipaddr.IPv4): HostClass {
  if (METADATA_ADDRESSES.has(address.toString())) return blocked("cloud_metadata");
  const reason = IPV4_RANGES[address.range()];
  return reason ? blocked(reason) : { blocked: false };
}

/** IPv6 forms that carry an IPv4 address a gateway would reach: judged by that address. */
function embeddedIpv4(address: ipaddr.IPv6): ipaddr.IPv4 | undefined {
  const parts = address.parts;
  const v4 = (high: number, low: number) => new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);
  switch (address.range()) {
    case "ipv4Mapped": // ::ffff:a.b.c.d
    case "rfc6145": // ::ffff:0:a.b.c.d
    case "rfc6052": // NAT64 64:ff9b::a.b.c.d
      return v4(parts[6]!, parts[7]!);
    case "6to4": // 2002:aabb:ccdd::
      return v4(parts[1]!, parts[2]!);
  }
  // Deprecated IPv4-compatible ::a.b.c.d (not :: and ::1, which have ranges of their own).
  if (parts.slice(0, 6).every((part) => part === 0) && address.range() === "unicast") {
    return v4(parts[6]!, parts[7]!);
  }
  return undefined;
}

function classifyIpv6(address: ipaddr.IPv6): HostClass {
  if (METADATA_ADDRESSES.has(address.toString())) return blocked("cloud_metadata");
  const embedded = embeddedIpv4(address);
  if (embedded) return classifyIpv4(embedded);
  // A string: ipaddr.js's typings lag its ranges (deprecatedSiteLocal, …).
  const range: string = address.range();
  switch (range) {
    case "unicast":
      return { blocked: false };
    case "unspecified":
      return blocked("unspecified");
    case "loopback":
      return blocked("loopback");
    case "linkLocal":
      return blocked("link_local");
    case "uniqueLocal":
    case "deprecatedSiteLocal":
      return blocked("private_network");
    case "multicast":
      return blocked("multicast");
    default:
      // Teredo, discard, benchmarking, documentation, ORCHID, …: nothing a short link should reach.
      return blocked("reserved");
  }
}

/** Whether a destination host may be redirected to, by its literal (see the file comment). */
export function classifyDestinationHost(hostname: string): HostClass {
  const host = bareHost(hostname);
  if (ipaddr.IPv4.isValidFourPartDecimal(host)) return classifyIpv4(ipaddr.IPv4.parse(host));
  if (host.includes(":")) {
    // Anything with a colon is an IPv6 literal (URL hosts cannot hold one otherwise); one that
    // does not parse is refused rather than guessed at.
    return ipaddr.IPv6.isValid(host) ? classifyIpv6(ipaddr.IPv6.parse(host)) : blocked("reserved");
  }
  if (host === "localhost" || host.endsWith(".localhost")) return blocked("loopback");
  if (METADATA_NAMES.has(host)) return blocked("cloud_metadata");
  if (INTERNAL_SUFFIXES.some((suffix) => host.endsWith(suffix))) return blocked("internal_name");
  return { blocked: false };
}

/** Hosts a deployment allows despite their class: names, `*.suffix` wildcards, IPs and CIDRs. */
export interface HostAllowList {
  allows(hostname: string): boolean;
}

/**
 * Parses allow-list entries (e.g. DESTINATION_ALLOWED_HOSTS): `intranet.corp.example` (that
 * name), `*.corp.example` (names under it), `10.1.2.3`, `10.0.0.0/8`, `fd00::/8`. An IPv4-mapped
 * IPv6 host is matched as its IPv4 address. Throws on an entry it cannot read, so a typo fails
 * the start instead of silently allowing nothing.
 */
export function parseHostAllowList(entries: readonly string[]): HostAllowList {
  const names = new Set<string>();
  const suffixes: string[] = [];
  const ranges: Array<[ipaddr.IPv4 | ipaddr.IPv6, number]> = [];
  for (const raw of entries) {
    const entry = bareHost(raw);
    if (entry === "") continue;
    if (entry.includes("/")) {
      if (!ipaddr.isValidCIDR(entry)) throw new Error(`not a CIDR range: "${raw}"`);
      ranges.push(ipaddr.parseCIDR(entry));
    } else if (ipaddr.isValid(entry) && (entry.includes(":") || ipaddr.IPv4.isValidFourPartDecimal(entry))) {
      const address = ipaddr.parse(entry);
      ranges.push([address, address.kind() === "ipv4" ? 32 : 128]);
    } else if (/^\*\.[a-z0-9.-]+$/.test(entry)) {
      suffixes.push(entry.slice(1));
    } else if (/^[a-z0-9.-]+$/.test(entry)) {
      names.add(entry);
    } else {
      throw new Error(`not a host name, IP address or CIDR range: "${raw}"`);
    }
  }
  return {
    allows(hostname) {
      const host = bareHost(hostname);
      if (names.has(host) || suffixes.some((suffix) => host.endsWith(suffix))) return true;
      if (ranges.length === 0 || !ipaddr.isValid(host)) return false;
      let address = ipaddr.parse(host);
      if (address.kind() === "ipv6" && (address as ipaddr.IPv6).isIPv4MappedAddress()) {
        address = (address as ipaddr.IPv6).toIPv4Address();
      }
      return ranges.some(([range, bits]) => range.kind() === address.kind() && address.match(range, bits));
    },
  };
}
