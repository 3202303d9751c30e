import { isIP } from "node:net";
import { type Clock, systemClock } from "@kurz/clock";
import { type AllowedTargets, bareHost, vetAddress } from "@kurz/ssrf";
import { LRUCache } from "lru-cache";
import { classifyDeliveryError, isProgrammingError } from "./classify-delivery-error";
import type { WebhookAgent } from "./create-webhook-agent";
import type { DeliveryFailure, DeliveryOutcome } from "./delivery-outcome";
import { ExchangeError, exchangePost } from "./exchange-post";
import { parseRetryAfter } from "./parse-retry-after";

export type { DeliveryFailure, DeliveryFailureKind, DeliveryOutcome } from "./delivery-outcome";

export const DEFAULT_WEBHOOK_TIMEOUT_MS = 15_000;
/** Larger payloads are refused before sending: receivers commonly cap request bodies near here. */
export const MAX_WEBHOOK_BODY_BYTES = 256 * 1024;
/**
 * Answers are read this far and no further: a small body is drained so its connection can be
 * reused; a larger one is cut off (closing the connection) so a receiver cannot make us read a
 * gigabyte.
 */
export const MAX_RESPONSE_READ_BYTES = 64 * 1024;
export const RESPONSE_EXCERPT_BYTES = 2 * 1024;

export interface WebhookRequest {
  url: string;
  headers: Record<string, string>;
  body: string | Uint8Array;
}

export interface PostWebhookOptions {
  /** createWebhookAgent: one per dispatcher. */
  agent: WebhookAgent;
  /** The send-time scheme check's allowed targets; default (and normally) the agent's own. */
  allowedTargets?: AllowedTargets;
  /** The whole attempt — connect, send, read the answer; default 15 s (WEBHOOK_TIMEOUT_MS). */
  timeoutMs?: number;
  /** Latency on its monotonic scale, Retry-After dates against its wall time. */
  clock?: Clock;
}

/**
 * POSTs one webhook and reports what happened; never throws for the receiver's faults. Checks,
 * in order: body size, URL (parseable, http(s), no credentials; an IP literal vetted here, a
 * name by the agent's guarded lookup at connect time), then http only to allowed targets. A 3xx
 * is a failure and never followed (its Location could point anywhere).
 */
export async function postWebhook(
  request: WebhookRequest,
  options: PostWebhookOptions,
): Promise<DeliveryOutcome> {
  const clock = options.clock ?? systemClock;
  const timeoutMs = options.timeoutMs ?? DEFAULT_WEBHOOK_TIMEOUT_MS;
  const started = clock.monotonicMs();
  const latencyMs = () => Math.max(0, Math.round(clock.monotonicMs() - started));
  const failed = (failure: DeliveryFailure, status?: number): DeliveryOutcome => ({
    ok: false,
    ...(status === undefined ? {} : { status }),
    latencyMs: latencyMs(),
    responseExcerpt: "",
    failure,
  });

  const bodyBytes =
    typeof request.body === "string" ? Buffer.byteLength(request.body) : request.body.byteLength;
  if (bodyBytes > MAX_WEBHOOK_BODY_BYTES) {
    return failed({
      kind: "body_too_large",
      detail: `the payload is ${bodyBytes} bytes; at most ${MAX_WEBHOOK_BODY_BYTES} are sent`,
    });
  }
  const target = sendableUrlOf(request.url, options.allowedTargets ?? options.agent.allowedTargets);
  if (!(target instanceof URL)) return failed(target);

  try {
    const answer = await exchangePost(
      options.agent.dispatcher,
      {
        origin: target.origin,
        path: `${target.pathname}${target.search}`,
        headers: request.headers,
        body: request.body,
      },
      { timeoutMs, maxReadBytes: MAX_RESPONSE_READ_BYTES, excerptBytes: RESPONSE_EXCERPT_BYTES },
    );
    const { status } = answer;
    const retryAfterSeconds = parseRetryAfter(answer.headers["retry-after"], clock.now());
    const outcome: DeliveryOutcome = {
      ok: status >= 200 && status < 300,
      status,
      latencyMs: latencyMs(),
      responseExcerpt: answer.excerpt,
      ...(retryAfterSeconds === undefined ? {} : { retryAfterSeconds }),
    };
    if (status >= 300 && status < 400) {
      const location = String(answer.headers.location ?? "(none)").slice(0, 300);
      outcome.failure = {
        kind: "redirect",
        detail: `answered ${status} to ${location}; redirects are not followed`,
      };
    } else if (!outcome.ok) {
      outcome.failure = { kind: "http_status", detail: `answered ${status}` };
    }
    return outcome;
  } catch (error) {
    if (!(error instanceof ExchangeError)) throw error;
    if (isProgrammingError(error.cause)) throw error.cause;
    return failed(classifyDeliveryError(error.cause, error.timedOut, timeoutMs), error.status);
  }
}

/** Verdicts already reached, per allowed-targets set and URL: every attempt of an endpoint asks again. */
const VERDICTS = new WeakMap<AllowedTargets, LRUCache<string, URL | DeliveryFailure>>();

function sendableUrlOf(raw: string, allowedTargets: AllowedTargets): URL | DeliveryFailure {
  let verdicts = VERDICTS.get(allowedTargets);
  if (verdicts === undefined) {
    verdicts = new LRUCache({ max: 10_000 });
    VERDICTS.set(allowedTargets, verdicts);
  }
  let verdict = verdicts.get(raw);
  if (verdict === undefined) {
    verdict = sendableUrl(raw, allowedTargets);
    verdicts.set(raw, verdict);
  }
  return verdict;
}

/**
 * The URL as it may be sent now: an endpoint was checked when it was saved (checkWebhookUrl),
 * but configuration changes and stored rows outlive both. Names are vetted at connect time.
 */
function sendableUrl(raw: string, allowedTargets: AllowedTargets): URL | DeliveryFailure {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { kind: "invalid_url", detail: "not an absolute URL" };
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") {
    return { kind: "invalid_url", detail: `${url.protocol} is not https` };
  }
  if (url.username !== "" || url.password !== "") {
    return { kind: "invalid_url", detail: "credentials in the URL are not sent" };
  }
  const host = bareHost(url.hostname);
  if (isIP(host) !== 0) {
    const verdict = vetAddress(host, allowedTargets);
    if (!verdict.allowed) {
      return {
        kind: "blocked_address",
        detail: `${verdict.reason}: ${host} is ${verdict.description}; webhooks are only delivered to public addresses`,
      };
    }
  }
  // A name over http is held to the allowed targets by the agent when it connects.
  const plainAllowed = isIP(host) === 0 ? allowedTargets.ranges.length > 0 : allowedTargets.includes(host);
  if (url.protocol === "http:" && !plainAllowed) {
    return { kind: "invalid_url", detail: "plain http is only sent to WEBHOOK_ALLOWED_TARGETS; use https" };
  }
  return url;
}
