import type { MessageInitShape } from "@bufbuild/protobuf";
import type { commonV1 } from "@kurz/proto";
import { type Limit, UNLIMITED } from "../accounts/account-plans";

export function limitToProto(limit: Limit): MessageInitShape<typeof commonV1.LimitSchema> {
  return { kind: limit === UNLIMITED ? { case: "unlimited", value: true } : { case: "max", value: limit } };
}

/**
 * The deprecated int64 max_* encoding (0 = unlimited), still sent for readers older than the
 * Limit fields; it cannot say "not included", which it sends as 0 as it always did.
 */
export function legacyMaxOf(limit: Limit): bigint {
  return limit === UNLIMITED ? 0n : BigInt(limit);
}
