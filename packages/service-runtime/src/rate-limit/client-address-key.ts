import ipaddr from "ipaddr.js";

/**
 * The part of a client's address that a per-address limit counts: an IPv4 address whole, an
 * IPv6 address by its /64 prefix. One IPv6 subscriber is routinely given a whole /64 (RFC 6177
 * allots at least that much to an end site), so counting full IPv6 addresses would give one client
 * 2^64 fresh budgets. An IPv4-mapped IPv6 address (`::ffff:198.51.100.7`) counts as its IPv4
 * address. Text that is not an address (a proxy's odd value) counts as itself.
 */
export function clientAddressKey(address: string): string {
  if (!ipaddr.isValid(address)) return address;
  const parsed = ipaddr.process(address);
  if (parsed.kind() === "ipv4") return parsed.toString();
  const parts = (parsed as ipaddr.IPv6).parts;
  return `${parts
    .slice(0, 4)
    .map((part) => part.toString(16))
    .join(":")}::/64`;
}
