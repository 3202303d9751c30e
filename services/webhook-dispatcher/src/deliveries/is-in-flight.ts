import type { WebhookDeliveryRow } from "../db/schema";

/**
 * Whether a worker's claim is on the delivery at `now`: its attempt under way or queued behind
 * the endpoint's others. A lapsed claim (of a worker that died) is not.
 */
export const isInFlight = (delivery: WebhookDeliveryRow, now: Date): boolean =>
  delivery.claimedUntil !== null && delivery.claimedUntil.getTime() > now.getTime();
