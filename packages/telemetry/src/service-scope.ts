import { AsyncLocalStorage } from "node:async_hooks";

/** The span attribute naming the Kurz service a span belongs to (see the README). */
export const SERVICE_ATTRIBUTE = "kurz.service";

/**
 * One store per process, kept on globalThis: the preload (register-telemetry.mjs) and the service
 * (main.mjs) are bundled separately in an image, so each has its own copy of this module.
 */
const STORE_KEY = Symbol.for("kurz.telemetry.service-scope");
type Holder = { [STORE_KEY]?: AsyncLocalStorage<string> };

/**
 * Turns the service scope on; the telemetry preload does it before any service starts. Off (no
 * telemetry), runAsService costs nothing: an active AsyncLocalStorage would tax every promise of
 * the redirect path for attributes nobody exports.
 */
export function enableServiceScope(): void {
  (globalThis as Holder)[STORE_KEY] ??= new AsyncLocalStorage<string>();
}

/**
 * Runs `start` as `service`: every span started by what it sets in motion (its servers' requests,
 * its consumers, its timers, its database pools) is marked with `kurz.service = service`. One
 * process may hold several services (embedded mode) and has one resource, so this marker is what
 * tells their spans apart there.
 */
export function runAsService<T>(service: string, start: () => T): T {
  const store = (globalThis as Holder)[STORE_KEY];
  return store ? store.run(service, start) : start();
}

/** The service whose work is running now, when the scope is on and one was entered. */
export function currentService(): string | undefined {
  return (globalThis as Holder)[STORE_KEY]?.getStore();
}
