import { type RepeatingTimer, systemTimer } from "@kurz/clock";
import type { WebhookContext } from "../webhook-context";
import { type AttemptDependencies, attemptDelivery } from "./attempt-delivery";
import { claimDueDeliveries } from "./claim-due-deliveries";

export interface DeliveryWorkerOptions {
  pollIntervalMs: number;
  /** Attempts in flight at once in this process. */
  concurrency: number;
  /** Attempts one endpoint may have in flight across every replica. */
  perEndpoint: number;
  /** A claim outlives the longest attempt (15 s) with room to spare. */
  leaseMs?: number;
  timer?: RepeatingTimer;
}

export interface DeliveryWorker {
  start(): void;
  /** Claims and attempts until nothing is due; answers how many attempts it made. */
  drain(): Promise<number>;
  /** A commit queued deliveries: look now rather than at the next poll. */
  wake(): void;
  /** Stops polling and waits for the attempts in flight. */
  stop(): Promise<void>;
}

/**
 * Drains the outbox of due deliveries: claims a batch, attempts each (at most `concurrency` at
 * once here, `perEndpoint` per endpoint overall), and repeats while work is due; polls every
 * `pollIntervalMs` for retries coming due. A crash between claim and record leaves the claim to
 * lapse and the delivery to be attempted again: at-least-once, receivers dedupe on webhook-id.
 */
export function createDeliveryWorker(
  deps: AttemptDependencies & { ctx: WebhookContext },
  options: DeliveryWorkerOptions,
): DeliveryWorker {
  const { ctx } = deps;
  const inFlight = new Set<Promise<void>>();
  let running: Promise<number> | undefined;
  let again = false;
  let stopped = false;
  let cancelTimer: (() => void) | undefined;

  async function drainOnce(): Promise<number> {
    let made = 0;
    for (;;) {
      const room = options.concurrency - inFlight.size;
      const claimed =
        room > 0
          ? await claimDueDeliveries(ctx.db, {
              now: ctx.clock.now(),
              batchSize: room,
              perEndpoint: options.perEndpoint,
              leaseMs: options.leaseMs ?? 60_000,
            })
          : [];
      for (const id of claimed) {
        const attempt = attemptDelivery(deps, id)
          .catch((err) => ctx.logger.error({ event: "webhook.attempt_failed", deliveryId: id, err }))
          .finally(() => inFlight.delete(attempt));
        inFlight.add(attempt);
        made++;
      }
      if (inFlight.size === 0) return made;
      // Wait for one attempt to finish, then look again: a freed slot may take a due delivery.
      await Promise.race(inFlight);
      if (stopped) return made;
    }
  }

  const drain = (): Promise<number> => {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      let total = 0;
      do {
        again = false;
        total += await drainOnce();
      } while (again && !stopped);
      return total;
    })().finally(() => {
      running = undefined;
    });
    return running;
  };

  const kick = () => {
    if (stopped) return;
    drain().catch((err) => ctx.logger.error({ event: "webhook.drain_failed", err }));
  };

  return {
    start() {
      cancelTimer = (options.timer ?? systemTimer).every(options.pollIntervalMs, async () => kick());
      kick();
    },
    drain,
    wake: kick,
    async stop() {
      stopped = true;
      cancelTimer?.();
      await running?.catch(() => undefined);
      await Promise.allSettled([...inFlight]);
    },
  };
}
