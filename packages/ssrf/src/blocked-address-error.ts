import type { RefusedAddress } from "./resolve-vetted-addresses";
import type { AddressRefusalReason } from "./vet-address";

/**
 * A connection refused because every address of its host is one Kurz must not reach. Raised
 * from the socket's lookup, so it arrives as the connection's error; `reason` is stable.
 */
export class BlockedAddressError extends Error {
  readonly code = "ERR_SSRF_BLOCKED_ADDRESS";
  readonly hostname: string;
  /** The first refused address (the one a connection would have used). */
  readonly address: string;
  readonly reason: AddressRefusalReason;
  readonly description: string;

  constructor(hostname: string, refused: readonly [RefusedAddress, ...RefusedAddress[]]) {
    const [first] = refused;
    const more = refused.length > 1 ? ` (and ${refused.length - 1} more refused address(es))` : "";
    super(
      hostname === first.address
        ? `${first.address} is ${first.description}`
        : `${hostname} resolves to ${first.address}, ${first.description}${more}`,
    );
    this.name = "BlockedAddressError";
    this.hostname = hostname;
    this.address = first.address;
    this.reason = first.reason;
    this.description = first.description;
  }
}

export function isBlockedAddressError(value: unknown): value is BlockedAddressError {
  return value instanceof BlockedAddressError;
}
