import { isIP } from "node:net";
import { type BlockedHostReason, bareHost, classifyDestinationHost } from "./classify-destination-host";
import type { AllowedTargets } from "./parse-allowed-targets";

export type AddressRefusalReason = BlockedHostReason | "not_an_ip_address" | "outside_allowed_targets";

export type AddressVerdict =
  | { allowed: true }
  | { allowed: false; reason: AddressRefusalReason; description: string };

export interface VetAddressOptions {
  /**
   * Refuse every address outside the allowed targets, public ones included. Plain http is only
   * sent to allowed targets (local development), so its sockets are vetted this way.
   */
  allowedTargetsOnly?: boolean;
}

/**
 * Whether Kurz may open a connection to this IP address: yes inside the allowed targets,
 * otherwise only for global unicast. Loopback, private, CGNAT, link-local, multicast, broadcast,
 * reserved and documentation ranges, cloud metadata addresses, and IPv6 forms that embed one of
 * those as IPv4 (mapped, compatible, NAT64, 6to4) are refused, with the classifier's reason.
 */
export function vetAddress(
  address: string,
  allowedTargets: AllowedTargets,
  options: VetAddressOptions = {},
): AddressVerdict {
  const host = bareHost(address);
  // Names, and IPv4 in notations a resolver never answers with (0x7f.1, 2130706433): a socket
  // must be handed a canonical address, so anything else is refused rather than interpreted.
  if (isIP(host) === 0) {
    return { allowed: false, reason: "not_an_ip_address", description: "not an IP address" };
  }
  if (allowedTargets.includes(host)) return { allowed: true };
  const verdict = classifyDestinationHost(host);
  if (verdict.blocked) return { allowed: false, reason: verdict.reason, description: verdict.description };
  if (options.allowedTargetsOnly) {
    return {
      allowed: false,
      reason: "outside_allowed_targets",
      description: "an address outside the allowed targets (plain http only reaches those)",
    };
  }
  return { allowed: true };
}
