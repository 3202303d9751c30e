import { randomUUID } from "node:crypto";
import type { ClaimedDelivery } from "../../src/deliveries/claim-due-deliveries";
import type { AttemptRecord } from "../../src/deliveries/record-attempts";

/**
 * The record of a finished attempt on a claimed delivery, made at `now`: a 204 success unless
 * told otherwise.
 */
export function attemptRecord(
  claimed: ClaimedDelivery,
  deliveryId: string,
  now: Date,
  fields: Partial<AttemptRecord> = {},
): AttemptRecord {
  return {
    attemptId: randomUUID(),
    deliveryId,
    endpointId: claimed.endpoint.id,
    attemptedAt: now,
    statusCode: 204,
    latencyMs: 3,
    responseExcerpt: "",
    failureKind: null,
    failureDetail: null,
    attempts: 1,
    status: "succeeded",
    nextAttemptAt: null,
    recordedAt: now,
    claimedUntil: claimed.claimedUntil,
    ...fields,
  };
}
