import type { LookupAddress } from "node:dns";
import { isIP } from "node:net";
import { bareHost } from "./classify-destination-host";
import type { AllowedTargets } from "./parse-allowed-targets";
import { type Resolver, systemResolver } from "./system-resolver";
import { type AddressRefusalReason, type VetAddressOptions, vetAddress } from "./vet-address";

export interface GuardOptions extends VetAddressOptions {
  allowedTargets: AllowedTargets;
  /** Default: systemResolver (getaddrinfo). */
  resolver?: Resolver;
}

export interface RefusedAddress {
  address: string;
  family: number;
  reason: AddressRefusalReason;
  description: string;
}

export interface VettedAddresses {
  /** Addresses a connection may use, in the resolver's order. */
  allowed: LookupAddress[];
  refused: RefusedAddress[];
}

/**
 * Resolves a host and sorts its addresses into allowed and refused (vetAddress). An IP literal is
 * judged as it is, without DNS. Resolver errors (ENOTFOUND, EAI_AGAIN, …) propagate.
 */
export async function resolveVettedAddresses(
  hostname: string,
  options: GuardOptions,
): Promise<VettedAddresses> {
  const host = bareHost(hostname);
  const family = isIP(host);
  const answers: readonly LookupAddress[] =
    family === 0 ? await (options.resolver ?? systemResolver)(host) : [{ address: host, family }];
  const vetted: VettedAddresses = { allowed: [], refused: [] };
  for (const answer of answers) {
    const verdict = vetAddress(answer.address, options.allowedTargets, options);
    if (verdict.allowed) vetted.allowed.push({ address: answer.address, family: answer.family });
    else vetted.refused.push({ address: answer.address, family: answer.family, ...verdict });
  }
  return vetted;
}
