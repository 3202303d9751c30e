import type { LookupAddress, LookupOptions } from "node:dns";
import type { LookupFunction } from "node:net";
import { BlockedAddressError } from "./blocked-address-error";
import { type GuardOptions, resolveVettedAddresses } from "./resolve-vetted-addresses";

/**
 * A `lookup` for net.connect, tls.connect and undici's `connect` options that answers only
 * addresses vetAddress allows. The socket connects to exactly what this returns, so there is no
 * second resolution a rebinding DNS server could answer differently; each new connection
 * resolves and is vetted on its own. Refused addresses are dropped; when none is left the lookup
 * fails with a BlockedAddressError carrying the reason.
 *
 * Node skips `lookup` when the host is already an IP literal: whoever connects must vet
 * literals itself (vetAddress), as createWebhookAgent's connector does.
 */
export function createGuardedLookup(options: GuardOptions): LookupFunction {
  return (hostname, lookupOptions: LookupOptions | undefined, callback) => {
    const family = familyNumber(lookupOptions?.family);
    resolveVettedAddresses(hostname, options).then(
      ({ allowed, refused }) => {
        const ofFamily = <T extends { family: number }>(list: T[]) =>
          family === 0 ? list : list.filter((entry) => entry.family === family);
        const usable: LookupAddress[] = ofFamily(allowed);
        const blocked = ofFamily(refused);
        // nextTick: the callback runs outside this promise chain, so its own throws are not
        // swallowed as a rejection (node's dns.lookup calls back the same way).
        if (usable[0] === undefined) {
          const error = blocked[0]
            ? new BlockedAddressError(hostname, [blocked[0], ...blocked.slice(1)])
            : notFound(hostname);
          process.nextTick(callback, error, lookupOptions?.all ? [] : "", undefined);
        } else if (lookupOptions?.all) {
          process.nextTick(callback, null, usable);
        } else {
          process.nextTick(callback, null, usable[0].address, usable[0].family);
        }
      },
      (error: NodeJS.ErrnoException) =>
        process.nextTick(callback, error, lookupOptions?.all ? [] : "", undefined),
    );
  };
}

function familyNumber(family: LookupOptions["family"]): number {
  if (family === "IPv4") return 4;
  if (family === "IPv6") return 6;
  return family ?? 0;
}

function notFound(hostname: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), {
    code: "ENOTFOUND",
    syscall: "getaddrinfo",
    hostname,
  });
}
