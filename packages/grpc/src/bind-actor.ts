import type { CallActor } from "./call-credentials";
import type { GrpcCallOptions } from "./create-grpc-client";

type AnyMethod = (request: unknown, options?: GrpcCallOptions) => unknown;

/**
 * A view of `client` whose every call acts for `actor` (a call's own `actor` option still wins):
 * what runAsActor does, without an AsyncLocalStorage: a service that forwards one actor per
 * session (the MCP gateway) binds its clients once instead of entering a store per request. (On
 * Node 20 an entered AsyncLocalStorage also ran a hook on every promise of the process; Node 24's
 * AsyncContextFrame-based store no longer does.)
 */
export function bindActor<C extends object>(client: C, actor: CallActor): C {
  const bound = new Map<PropertyKey, unknown>();
  return new Proxy(client, {
    get(target, name, receiver) {
      const value = Reflect.get(target, name, receiver) as unknown;
      if (typeof value !== "function" || name === "close") return value;
      let method = bound.get(name);
      if (method === undefined) {
        const call = value as AnyMethod;
        method = (request: unknown, options?: GrpcCallOptions) =>
          call.call(target, request, options?.actor === undefined ? { ...options, actor } : options);
        bound.set(name, method);
      }
      return method;
    },
  });
}
