import type { Lock, Locks } from "@kurz/cache";
import type { Clock } from "@kurz/clock";
import { type RepeatingTimer, systemTimer } from "@kurz/clock";
import { AppError, isAppError, toAppError } from "@kurz/errors";
import type {
  FastifyReply,
  FastifyRequest,
  onErrorAsyncHookHandler,
  onResponseAsyncHookHandler,
  onSendAsyncHookHandler,
  preHandlerAsyncHookHandler,
  preParsingAsyncHookHandler,
} from "fastify";
import type { AnswerStore } from "./answer-store";
import { fingerprintRequestBody, requestFingerprint } from "./fingerprint-request";
import { answerNotKept, keyInProgress, keyReused, sendRefusal } from "./idempotency-refusals";
import { type IdempotencySlot, idempotencySlot } from "./idempotency-slot";
import { readIdempotencyKey } from "./read-idempotency-key";
import type { StoredAnswer } from "./stored-answer";

/** The methods whose requests a key makes idempotent (GET, HEAD, OPTIONS are by nature). */
export const IDEMPOTENT_METHODS: ReadonlySet<string> = new Set(["POST", "PUT", "PATCH", "DELETE"]);
/** The answer header that tells a replay from a first answer (Stripe's name). */
export const IDEMPOTENT_REPLAYED_HEADER = "idempotent-replayed";
/** The largest answer kept for replay; a larger one is remembered without its bytes. */
export const MAX_KEPT_ANSWER_BYTES = 1024 * 1024;
/**
 * The in-flight mark's lifetime, renewed every third of it while the handler runs: a replica
 * that crashed mid-request stops renewing, and its mark is gone at most this long after.
 */
export const IN_FLIGHT_MARK_TTL_MS = 30_000;
/**
 * Renewal stops after this long: a handler stuck for 10 minutes does not hold its key forever
 * (its mark lapses 30 s later, and a retry runs).
 */
export const MAX_IN_FLIGHT_MS = 10 * 60_000;
/** The answer's own headers a replay repeats; the rate-limit fields are the replay's own. */
const KEPT_HEADERS = ["content-type", "cache-control", "location", "content-disposition"];

export interface IdempotencyHookOptions {
  /** Prefixes cache keys, so services sharing one store never read each other's keys. */
  service: string;
  answers: AnswerStore;
  locks: Locks;
  clock: Clock;
  /** What renews in-flight marks; injectable so tests drive it. Default: real intervals. */
  timer?: RepeatingTimer;
  /** The verified caller's account; undefined: the request is not tracked. */
  accountOf(request: FastifyRequest): string | undefined;
}

export interface IdempotencyHooks {
  preParsing: preParsingAsyncHookHandler;
  preHandler: preHandlerAsyncHookHandler;
  onError: onErrorAsyncHookHandler;
  onSend: onSendAsyncHookHandler;
  onResponse: onResponseAsyncHookHandler;
}

/** A request that holds its key's in-flight mark until its answer is stored. */
interface Claim {
  slot: IdempotencySlot;
  fingerprint: string;
  lock: Lock;
  stopRenewing(): void;
  /** The handler failed in a way worth retrying: the answer is not kept. */
  transient: boolean;
}

/**
 * 2xx and 4xx answers are the request's answer and are kept (a 4xx replays, as Stripe's does);
 * a 5xx, a 429 or a 408 says "try again", so the key is released for the retry.
 */
function isKept(status: number): boolean {
  return status < 500 && status !== 429 && status !== 408;
}

/** An error the same request may not meet again: retryable, a 5xx, or a busy lock. */
function isTransient(error: unknown): boolean {
  if (!isAppError(error)) return !hasClientStatus(error);
  return error.retryable || error.httpStatus >= 500 || error.details?.reason === "lock_busy";
}

/** fastify's own 4xx errors (a body the route cannot read) are answers, not outages. */
function hasClientStatus(error: unknown): boolean {
  const status = (error as { statusCode?: unknown }).statusCode;
  return typeof status === "number" && status >= 400 && status < 500;
}

function bytesOf(payload: unknown): Buffer | undefined {
  if (payload === null || payload === undefined) return Buffer.alloc(0);
  if (typeof payload === "string") return Buffer.from(payload, "utf8");
  if (Buffer.isBuffer(payload)) return payload;
  return undefined;
}

/**
 * The hooks of an Idempotency-Key, for a route whose scope check and rate limit run before
 * them (honorIdempotencyKeys places them): the body is fingerprinted while it is parsed; the
 * preHandler replays a kept answer, refuses a reused or busy key, or takes the key's in-flight
 * mark atomically (the cache's lock: Redis across replicas); onSend stores the answer and only
 * then releases the mark, so a client that retries after it got the answer is always replayed.
 */
export function createIdempotencyHooks(options: IdempotencyHookOptions): IdempotencyHooks {
  const claims = new WeakMap<FastifyRequest, Claim>();
  const timer = options.timer ?? systemTimer;
  const mutating = (request: FastifyRequest) => IDEMPOTENT_METHODS.has(request.method);

  const unavailable = (cause: unknown) =>
    new AppError("DEPENDENCY_UNAVAILABLE", {
      message: "Idempotency keys cannot be checked right now; retry the request",
      cause,
    });

  function replay(reply: FastifyReply, answer: StoredAnswer, fingerprint: string) {
    if (answer.fingerprint !== fingerprint) return sendRefusal(reply, keyReused());
    if (answer.body === undefined) return sendRefusal(reply, answerNotKept(answer.status));
    reply.code(answer.status).headers(answer.headers).header(IDEMPOTENT_REPLAYED_HEADER, "true");
    return reply.send(answer.body);
  }

  function renew(request: FastifyRequest, lock: Lock): () => void {
    let beats = Math.floor(MAX_IN_FLIGHT_MS / (IN_FLIGHT_MARK_TTL_MS / 3));
    const stop = timer.every(IN_FLIGHT_MARK_TTL_MS / 3, async () => {
      if (--beats < 0) return stop();
      const held = await lock.extend(IN_FLIGHT_MARK_TTL_MS).catch(() => false);
      if (held) return;
      stop();
      request.log.warn({ event: "idempotency.mark_lost", url: request.url }, "in-flight mark lost");
    });
    return stop;
  }

  const preHandler: preHandlerAsyncHookHandler = async function claimIdempotencyKey(request, reply) {
    if (!mutating(request)) return;
    let key: string | undefined;
    try {
      key = readIdempotencyKey(request);
    } catch (error) {
      return sendRefusal(reply, toAppError(error));
    }
    const account = key === undefined ? undefined : options.accountOf(request);
    if (key === undefined || account === undefined) return;
    const fingerprint = requestFingerprint(request);
    const slot = idempotencySlot(options.service, account, key);

    // A client that cannot be told whether its request ran must not have it run blind.
    const kept = await options.answers.read(slot).catch((error) => Promise.reject(unavailable(error)));
    if (kept) return replay(reply, kept, fingerprint);
    const lock = await options.locks
      .acquire(slot.cacheKey, IN_FLIGHT_MARK_TTL_MS)
      .catch((error) => Promise.reject(unavailable(error)));
    if (lock === null) return sendRefusal(reply, keyInProgress());
    // The first request may have been answered between the read and the mark.
    const answered = await options.answers.read(slot).catch(async (error) => {
      await lock.release().catch(() => false);
      return Promise.reject(unavailable(error));
    });
    if (answered) {
      await lock.release().catch(() => false);
      return replay(reply, answered, fingerprint);
    }
    claims.set(request, { slot, fingerprint, lock, stopRenewing: renew(request, lock), transient: false });
  };

  const onError: onErrorAsyncHookHandler = async function noteTransientFailure(request, _reply, error) {
    const claim = claims.get(request);
    if (claim && isTransient(error)) claim.transient = true;
  };

  /** Stores the answer, then releases the mark; the answer goes out after both. */
  const onSend: onSendAsyncHookHandler<unknown> = async function keepIdempotentAnswer(
    request,
    reply,
    payload,
  ) {
    const claim = claims.get(request);
    if (!claim) return payload;
    claims.delete(request);
    claim.stopRenewing();
    const status = reply.statusCode;
    if (isKept(status) && !claim.transient) {
      const bytes = bytesOf(payload);
      const headers: Record<string, string> = {};
      for (const name of KEPT_HEADERS) {
        const value = reply.getHeader(name);
        if (value !== undefined) headers[name] = String(value);
      }
      const answer: StoredAnswer = {
        fingerprint: claim.fingerprint,
        status,
        headers,
        ...(bytes !== undefined && bytes.length <= MAX_KEPT_ANSWER_BYTES ? { body: bytes } : {}),
        answeredAt: options.clock.now().getTime(),
      };
      await options.answers.write(claim.slot, answer).catch((error: unknown) => {
        request.log.warn({ event: "idempotency.store_failed", err: error }, "idempotent answer not stored");
      });
    }
    await claim.lock.release().catch(() => false);
    return payload;
  };

  /** Should an answer leave without onSend (a hijacked reply), the mark is not left behind. */
  const onResponse: onResponseAsyncHookHandler = async function releaseForgottenMark(request) {
    const claim = claims.get(request);
    if (!claim) return;
    claims.delete(request);
    claim.stopRenewing();
    await claim.lock.release().catch(() => false);
  };

  return { preParsing: fingerprintRequestBody(mutating), preHandler, onError, onSend, onResponse };
}
