import { healthV1 } from "@kurz/proto";

export type ServingStatus = healthV1.HealthCheckResponse_ServingStatus;
export const ServingStatus = healthV1.HealthCheckResponse_ServingStatus;

type Listener = (status: ServingStatus) => void;

/**
 * The serving status of each service a server hosts, keyed by full service name; "" is the
 * server as a whole. Backs grpc.health.v1 Check, Watch and List.
 */
export class HealthStatusRegistry {
  readonly #statuses = new Map<string, ServingStatus>();
  readonly #listeners = new Map<string, Set<Listener>>();
  readonly #closing = new AbortController();

  setStatus(service: string, status: ServingStatus): void {
    if (this.#statuses.get(service) === status) return;
    this.#statuses.set(service, status);
    for (const listener of this.#listeners.get(service) ?? []) listener(status);
  }

  /** The known status, or undefined for a service never registered. */
  getStatus(service: string): ServingStatus | undefined {
    return this.#statuses.get(service);
  }

  snapshot(): ReadonlyMap<string, ServingStatus> {
    return new Map(this.#statuses);
  }

  /**
   * Yields the current status (SERVICE_UNKNOWN for an unregistered service, per the protocol),
   * then each change, until `signal` aborts or the registry closes. Changes that happen faster
   * than the consumer reads are coalesced to the latest: a watcher needs the present, not the past.
   */
  async *watch(service: string, signal: AbortSignal): AsyncGenerator<ServingStatus> {
    let pending: ServingStatus | undefined = this.#statuses.get(service) ?? ServingStatus.SERVICE_UNKNOWN;
    let wake: (() => void) | undefined;
    const listener: Listener = (status) => {
      pending = status;
      wake?.();
    };
    const stop = () => wake?.();
    const listeners = this.#listeners.get(service) ?? new Set<Listener>();
    this.#listeners.set(service, listeners);
    listeners.add(listener);
    signal.addEventListener("abort", stop);
    this.#closing.signal.addEventListener("abort", stop);
    let last: ServingStatus | undefined;
    try {
      while (!signal.aborted) {
        if (pending === undefined) {
          // Closing ends the stream only after the last change (NOT_SERVING at shutdown) went out.
          if (this.#closing.signal.aborted) return;
          // Nothing can set `pending` between the check and here: the listener runs on its own turn.
          await new Promise<void>((resolve) => {
            wake = resolve;
          });
          wake = undefined;
          continue;
        }
        const next: ServingStatus = pending;
        pending = undefined;
        if (next !== last) {
          last = next;
          yield next;
        }
      }
    } finally {
      listeners.delete(listener);
      if (listeners.size === 0) this.#listeners.delete(service);
      signal.removeEventListener("abort", stop);
      this.#closing.signal.removeEventListener("abort", stop);
    }
  }

  /** Ends every watch stream, so a graceful shutdown is not held open by health watchers. */
  close(): void {
    this.#closing.abort();
  }
}
