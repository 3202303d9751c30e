import { isIP } from "node:net";
import { buildConnector } from "undici";
import { BlockedAddressError } from "./blocked-address-error";
import { createGuardedLookup } from "./create-guarded-lookup";
import type { AllowedTargets } from "./parse-allowed-targets";
import type { Resolver } from "./system-resolver";
import { vetAddress } from "./vet-address";

export interface GuardedConnectorOptions {
  /** Private ranges the sockets may reach, and the only ones plain http may. */
  allowedTargets: AllowedTargets;
  /** Default: getaddrinfo (systemResolver). Tests inject a scripted one. */
  resolver?: Resolver;
  /** Longest wait for TCP and TLS set-up. */
  timeoutMs: number;
}

/**
 * The undici connector every request to a customer-supplied URL goes through (webhooks, OpenID
 * providers): its sockets resolve their host with the guarded lookup, so TLS and plain
 * connections alike reach only vetted addresses, and each new connection is resolved and vetted
 * again (a name that rebinds to 127.0.0.1 gets no new connection). Plain http sockets only reach
 * the allowed targets. Node skips `lookup` for IP-literal hosts, so the connector vets those itself.
 */
export function createGuardedConnector(options: GuardedConnectorOptions): buildConnector.connector {
  const { allowedTargets, resolver } = options;
  const guarded = (allowedTargetsOnly: boolean) =>
    buildConnector({
      timeout: options.timeoutMs,
      lookup: createGuardedLookup({ allowedTargets, resolver, allowedTargetsOnly }),
    });
  const connectTls = guarded(false);
  const connectPlain = guarded(true);
  return (target, callback) => {
    const plain = target.protocol !== "https:";
    const family = isIP(target.hostname);
    if (family !== 0) {
      const verdict = vetAddress(target.hostname, allowedTargets, { allowedTargetsOnly: plain });
      if (!verdict.allowed) {
        const error = new BlockedAddressError(target.hostname, [
          { address: target.hostname, family, ...verdict },
        ]);
        // Asynchronously, as a failed socket would: undici does not expect its callback re-entrantly.
        queueMicrotask(() => callback(error, null));
        return;
      }
    }
    (plain ? connectPlain : connectTls)(target, callback);
  };
}
