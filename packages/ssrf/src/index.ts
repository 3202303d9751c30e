export { BlockedAddressError, isBlockedAddressError } from "./blocked-address-error";
export {
  type BlockedHostReason,
  bareHost,
  classifyDestinationHost,
  type HostAllowList,
  type HostClass,
  parseHostAllowList,
} from "./classify-destination-host";
export { createGuardedConnector, type GuardedConnectorOptions } from "./create-guarded-connector";
export { createGuardedLookup } from "./create-guarded-lookup";
export { type AllowedTargets, parseAllowedTargets } from "./parse-allowed-targets";
export {
  type GuardOptions,
  type RefusedAddress,
  resolveVettedAddresses,
  type VettedAddresses,
} from "./resolve-vetted-addresses";
export { type Resolver, systemResolver } from "./system-resolver";
export {
  type AddressRefusalReason,
  type AddressVerdict,
  type VetAddressOptions,
  vetAddress,
} from "./vet-address";
