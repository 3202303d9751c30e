import type { WebhookContext } from "../webhook-context";
import type { DeliveryWorker } from "./create-delivery-worker";

/**
 * The context's hooks into this replica's delivery worker, which is built after the context (it
 * uses it): fresh deliveries it has room for are claimed for it as they are queued and handed to
 * it after the commit; others wake it.
 */
export function workerHooks(
  worker: () => DeliveryWorker | undefined,
): Pick<WebhookContext, "deliveriesQueued" | "freshClaims"> {
  return {
    deliveriesQueued(queued) {
      if (queued) worker()?.adopt(queued.claimed);
      if (!queued || queued.unclaimed > 0) worker()?.wake();
    },
    freshClaims: {
      get leaseMs() {
        return worker()?.leaseMs ?? 0;
      },
      take: (endpointIds) => worker()?.take(endpointIds) ?? endpointIds.map(() => false),
    },
  };
}
