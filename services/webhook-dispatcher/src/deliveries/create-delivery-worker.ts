import { type RepeatingTimer, systemTimer } from "@kurz/clock";
import type { WebhookContext } from "../webhook-context";
import { type AttemptDependencies, attemptDelivery } from "./attempt-delivery";
import { type ClaimedDelivery, claimDueDeliveries } from "./claim-due-deliveries";
import { createAttemptRecorder } from "./create-attempt-recorder";
import { claimDepth, createEndpointPace } from "./endpoint-pace";
import type { FreshClaims } from "./enqueue-message";

export { claimDepth } from "./endpoint-pace";

export interface DeliveryWorkerOptions {
  pollIntervalMs: number;
  /** Attempts in flight at once in this process (it holds up to MAX_HELD claimed). */
  concurrency: number;
  /** Attempts one endpoint may have in flight in this process: a slow receiver holds only its own. */
  perEndpoint: number;
  /**
   * How long a claim lasts (default 5 min); a worker that dies leaves its deliveries to be
   * attempted again after it. An endpoint's claimed deliveries queue behind its perEndpoint
   * attempts, so a worker claims as many rounds of them as fit in the lease at the endpoint's
   * recent pace (endpoint-pace.ts), and starts no attempt that could outlast its claim.
   */
  leaseMs?: number;
  /** The longest an attempt can take (default 15 s): what a round of attempts may cost. */
  attemptTimeoutMs?: number;
  timer?: RepeatingTimer;
}

export interface DeliveryWorker extends FreshClaims {
  start(): void;
  /** Claims and attempts until nothing is due; answers how many attempts it made. */
  drain(): Promise<number>;
  /** A commit queued deliveries: look now rather than at the next poll. */
  wake(): void;
  /** Deliveries claimed for this worker as they were queued (FreshClaims), now committed: attempts them. */
  adopt(claimed: readonly ClaimedDelivery[]): void;
  /** Stops polling and claiming, and waits for the attempts in flight. */
  stop(): Promise<void>;
}

/**
 * Deliveries one worker holds claimed at most, across endpoints (bodies in memory: a click is
 * about 1 KiB), unless concurrency × the timeout-bound depth asks for more.
 */
const MAX_HELD = 2_048;

/**
 * Drains the outbox of due deliveries: claims batches (one statement each, with what the
 * attempts need), queues them per endpoint and attempts at most `perEndpoint` at once per
 * endpoint, claiming more when an endpoint's queue falls under half its cap; polls every `pollIntervalMs` for retries
 * coming due. A crash between claim and record leaves the claim to lapse and the delivery to be
 * attempted again: at-least-once, receivers dedupe on webhook-id.
 */
export function createDeliveryWorker(
  deps: AttemptDependencies & { ctx: WebhookContext },
  options: DeliveryWorkerOptions,
): DeliveryWorker {
  const { ctx } = deps;
  const stopping = new AbortController();
  const attemptDeps = {
    ...deps,
    record:
      deps.record ??
      createAttemptRecorder(ctx.db, { logger: ctx.logger, clock: ctx.clock, stopping: stopping.signal }),
  };
  const leaseMs = options.leaseMs ?? 5 * 60_000;
  const attemptTimeoutMs = options.attemptTimeoutMs ?? 15_000;
  const pace = createEndpointPace({ perEndpoint: options.perEndpoint, leaseMs, attemptTimeoutMs });
  const maxHeld = Math.max(MAX_HELD, options.concurrency * claimDepth(leaseMs, attemptTimeoutMs));
  const queues = new Map<string, ClaimedDelivery[]>();
  const running = new Map<string, number>();
  const inFlight = new Set<Promise<void>>();
  /** Deliveries held (claimed, not yet recorded), in all and per endpoint. */
  let held = 0;
  const heldBy = new Map<string, number>();
  /** Attempts whose request is under way (their slot not freed yet). */
  let sending = 0;
  let claiming: Promise<number> | undefined;
  let again = false;
  /**
   * Whether due deliveries may be waiting that this worker did not take: its last claim was cut
   * short by its room, or a wake came since. A queue running low claims only then (fresh
   * deliveries it took at enqueue leave nothing to claim).
   */
  let mayHaveMore = true;
  let stopped = false;
  let cancelTimer: (() => void) | undefined;
  let idleWaiters: Array<() => void> = [];

  function settleIfIdle(): void {
    if (held > 0 || claiming) return;
    const waiters = idleWaiters;
    idleWaiters = [];
    for (const resolve of waiters) resolve();
  }

  function hold(claimed: readonly ClaimedDelivery[]): void {
    for (const delivery of claimed) {
      const endpointId = delivery.endpoint.id;
      const queue = queues.get(endpointId) ?? [];
      queue.push(delivery);
      queues.set(endpointId, queue);
      heldBy.set(endpointId, (heldBy.get(endpointId) ?? 0) + 1);
    }
    held += claimed.length;
  }

  function release(endpointId: string): void {
    held--;
    const left = (heldBy.get(endpointId) ?? 1) - 1;
    if (left <= 0) heldBy.delete(endpointId);
    else heldBy.set(endpointId, left);
  }

  /** More deliveries of the endpoint this worker may hold now. */
  const roomOf = (endpointId: string) => Math.max(0, pace.capOf(endpointId) - (heldBy.get(endpointId) ?? 0));

  function pump(): void {
    for (const [endpointId, queue] of queues) {
      let active = running.get(endpointId) ?? 0;
      while (queue.length > 0 && active < options.perEndpoint && sending < options.concurrency) {
        const claimed = queue.shift()!;
        if (ctx.clock.now().getTime() + attemptTimeoutMs > claimed.claimedUntil.getTime()) {
          // Its claim could lapse mid-attempt and another worker send it too: leave it to the
          // next claim (the endpoint slowed down after this one was claimed).
          release(endpointId);
          continue;
        }
        active++;
        sending++;
        let slotFreed = false;
        const startedMs = ctx.clock.monotonicMs();
        // The endpoint's request slot frees once the receiver answered; the record is written
        // meanwhile (and grouped with others'), the delivery stays held until it is.
        const freeSlot = () => {
          if (slotFreed) return;
          slotFreed = true;
          pace.observe(endpointId, ctx.clock.monotonicMs() - startedMs);
          sending--;
          const left = (running.get(endpointId) ?? 1) - 1;
          if (left === 0 && (queues.get(endpointId)?.length ?? 0) === 0) running.delete(endpointId);
          else running.set(endpointId, left);
          pump();
          // The endpoint's queue runs low: fetch its next ones (and any other endpoint's due ones)
          // before its slots go idle, rather than at the next poll. One claim serves many attempts.
          if (mayHaveMore && !stopped && (queues.get(endpointId)?.length ?? 0) < pace.capOf(endpointId) / 2) {
            void claim();
          }
        };
        const attempt = attemptDelivery(attemptDeps, claimed, { onSent: freeSlot })
          .catch((err) => ctx.logger.error({ event: "webhook.attempt_failed", deliveryId: claimed.id, err }))
          .finally(() => {
            inFlight.delete(attempt);
            release(endpointId);
            freeSlot();
            settleIfIdle();
          });
        inFlight.add(attempt);
      }
      running.set(endpointId, active);
      if (queue.length === 0) queues.delete(endpointId);
    }
    settleIfIdle();
  }

  /** One claim at a time; a wake during a claim claims again right after. */
  function claim(): Promise<number> {
    if (claiming) {
      again = true;
      return claiming;
    }
    claiming = (async () => {
      let total = 0;
      do {
        again = false;
        const room = maxHeld - held;
        if (room <= 0 || stopped) break;
        const rooms = new Map<string, number>();
        for (const endpointId of [...pace.caps().keys(), ...heldBy.keys()])
          rooms.set(endpointId, roomOf(endpointId));
        const batch = await claimDueDeliveries(ctx.db, {
          now: ctx.clock.now(),
          batchSize: room,
          defaultRoom: pace.defaultCap,
          rooms,
          leaseMs,
        });
        hold(batch);
        total += batch.length;
        const taken = new Map<string, number>();
        for (const claimed of batch)
          taken.set(claimed.endpoint.id, (taken.get(claimed.endpoint.id) ?? 0) + 1);
        // Cut short by a room (its endpoint may have more due) or by the batch: more may wait.
        mayHaveMore =
          again ||
          batch.length === room ||
          [...rooms].some(([endpointId, left]) => (taken.get(endpointId) ?? 0) >= left) ||
          [...taken].some(([endpointId, n]) => !rooms.has(endpointId) && n >= pace.defaultCap);
        pump();
        if (batch.length > 0 && batch.length === room) again = true;
      } while (again && !stopped);
      return total;
    })()
      .catch((err) => {
        ctx.logger.error({ event: "webhook.claim_failed", err });
        mayHaveMore = true;
        return 0;
      })
      .finally(() => {
        claiming = undefined;
        settleIfIdle();
      });
    return claiming;
  }

  const idle = () =>
    held === 0 && !claiming ? Promise.resolve() : new Promise<void>((resolve) => idleWaiters.push(resolve));

  return {
    start() {
      cancelTimer = (options.timer ?? systemTimer).every(options.pollIntervalMs, async () => {
        await claim();
      });
      void claim();
    },
    async drain() {
      let attempts = 0;
      for (;;) {
        const claimed = await claim();
        attempts += claimed;
        await idle();
        if (claimed === 0 || stopped) return attempts;
      }
    },
    wake() {
      mayHaveMore = true;
      if (!stopped) void claim();
    },
    leaseMs,
    take(endpointIds) {
      if (stopped) return endpointIds.map(() => false);
      let total = maxHeld - held;
      const granted = new Map<string, number>();
      return endpointIds.map((endpointId) => {
        const already = granted.get(endpointId) ?? 0;
        if (total <= 0 || already >= roomOf(endpointId)) return false;
        granted.set(endpointId, already + 1);
        total--;
        return true;
      });
    },
    adopt(claimed) {
      if (stopped || claimed.length === 0) return;
      hold(claimed);
      pump();
    },
    async stop() {
      stopped = true;
      cancelTimer?.();
      await claiming;
      // Queued (claimed, not started) deliveries are left to their lease: another worker takes them.
      queues.clear();
      heldBy.clear();
      held = inFlight.size;
      // A record waiting for the database to come back is tried once more, then left to its lease.
      stopping.abort();
      await Promise.allSettled([...inFlight]);
    },
  };
}
