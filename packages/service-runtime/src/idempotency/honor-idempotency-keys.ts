import type { CacheConnection } from "@kurz/cache";
import { type Clock, type RepeatingTimer, systemClock } from "@kurz/clock";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { createAnswerStore } from "./answer-store";
import { createIdempotencyHooks, IDEMPOTENT_METHODS } from "./create-idempotency-hooks";

declare module "fastify" {
  interface FastifyContextConfig {
    /** false: this route ignores Idempotency-Key (honorIdempotencyKeys). */
    idempotency?: false;
  }
}

export interface HonorIdempotencyKeysOptions {
  /** The service's name: prefixes every key it stores. */
  service: string;
  /** The service's cache: answers in its store, in-flight marks in its locks. */
  cache: Pick<CacheConnection, "cache" | "locks">;
  /** Whose 24 h: default the system clock. */
  clock?: Clock;
  /** Routes whose URL starts with this honor keys. Default "/api/": the public REST API. */
  prefix?: string;
  /** What renews in-flight marks; default real intervals. */
  timer?: RepeatingTimer;
  /** The verified caller's account. Default: `request.accessToken.accountId` (auth-verifier). */
  accountOf?: (request: FastifyRequest) => string | undefined;
}

function verifiedAccountOf(request: FastifyRequest): string | undefined {
  // Set by @kurz/auth-verifier's requireScope, which this package does not depend on.
  const token = (request as { accessToken?: { accountId?: unknown } }).accessToken;
  return typeof token?.accountId === "string" ? token.accountId : undefined;
}

/**
 * `Idempotency-Key` on every POST, PUT, PATCH and DELETE registered after this call under the
 * prefix, with Stripe's semantics (docs/api/rest.md#idempotent-requests). One call in a service's
 * app, AFTER limitRestRoutes and before the routes:
 * `honorIdempotencyKeys(app, { service: SERVICE_NAME, cache })`. The check becomes the route's
 * last preHandler, after its scope check (the key belongs to the verified account) and after the
 * rate limit (a replay counts as a request, as at Stripe; a refused one is not replayed).
 * A route opts out with `config: { idempotency: false }`.
 */
export function honorIdempotencyKeys(app: FastifyInstance, options: HonorIdempotencyKeysOptions): void {
  const prefix = options.prefix ?? "/api/";
  const hooks = createIdempotencyHooks({
    service: options.service,
    answers: createAnswerStore(options.cache.cache, options.clock ?? systemClock),
    locks: options.cache.locks,
    clock: options.clock ?? systemClock,
    ...(options.timer ? { timer: options.timer } : {}),
    accountOf: options.accountOf ?? verifiedAccountOf,
  });
  app.addHook("onRoute", (route) => {
    if (!route.url.startsWith(prefix) || route.config?.idempotency === false) return;
    const methods = [route.method].flat().map((method) => method.toUpperCase());
    if (!methods.some((method) => IDEMPOTENT_METHODS.has(method))) return;
    const append = <T>(own: T | T[] | undefined, hook: T): T[] =>
      own === undefined ? [hook] : Array.isArray(own) ? [...own, hook] : [own, hook];
    route.preParsing = append(route.preParsing, hooks.preParsing);
    route.preHandler = append(route.preHandler, hooks.preHandler);
    route.onError = append(route.onError, hooks.onError);
    route.onSend = append(route.onSend, hooks.onSend);
    route.onResponse = append(route.onResponse, hooks.onResponse);
  });
}
