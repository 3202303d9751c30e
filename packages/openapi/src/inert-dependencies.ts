/**
 * Dependencies for building an app only to read its routes (the OpenAPI document): `given` as is,
 * every other property an inert stand-in. A stand-in may be passed around, stored and read from
 * (each property is another stand-in); calling one throws, because nothing may run while routes
 * are only described. Never used to serve.
 */
export function inertDependencies<T extends object>(owner: string, given: Partial<T>): T {
  return new Proxy(given, {
    get: (target, key) =>
      Object.hasOwn(target, key) ? target[key as keyof typeof target] : inert(`${owner}.${String(key)}`),
  }) as T;
}

function inert(path: string): unknown {
  const stand = function inertStandIn() {
    throw new Error(`${path} was called while the app was only built to describe its routes`);
  };
  return new Proxy(stand, {
    get: (target, key) => {
      // Not a promise, not a primitive: awaiting or printing a stand-in must not call it.
      if (key === "then" || typeof key === "symbol") return undefined;
      // A function's own members (bind, call, name...): frameworks bind the hooks they are given.
      if (key in target) return Reflect.get(target, key);
      return inert(`${path}.${key}`);
    },
  });
}
