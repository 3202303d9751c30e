import { isIP } from "node:net";
import type { Readable } from "node:stream";
import { type Clock, systemClock } from "@kurz/clock";
import { type AllowedTargets, bareHost, vetAddress } from "@kurz/ssrf";
import { LRUCache } from "lru-cache";
import { classifyDeliveryError, isProgrammingError } from "./classify-delivery-error";
import type { WebhookAgent } from "./create-webhook-agent";
import type { DeliveryFailure, DeliveryOutcome } from "./delivery-outcome";
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

  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  let status: number | undefined;
  try {
    const response = await options.agent.dispatcher.request({
      origin: target.origin,
      path: `${target.pathname}${target.search}`,
      method: "POST",
      headers: request.headers,
      body: request.body,
      signal: controller.signal,
    });
    status = response.statusCode;
    const retryAfterSeconds = parseRetryAfter(response.headers["retry-after"], clock.now());
    // Nothing to read (most receivers answer 204 or an empty 200): skip the stream machinery.
    const empty = status === 204 || status === 304 || response.headers["content-length"] === "0";
    let excerpt = "";
    if (empty) await response.body.dump();
    else excerpt = await readExcerpt(response.body);
    const outcome: DeliveryOutcome = {
      ok: status >= 200 && status < 300,
      status,
      latencyMs: latencyMs(),
      responseExcerpt: excerpt,
      ...(retryAfterSeconds === undefined ? {} : { retryAfterSeconds }),
    };
    if (status >= 300 && status < 400) {
      const location = String(response.headers.location ?? "(none)").slice(0, 300);
      outcome.failure = {
        kind: "redirect",
        detail: `answered ${status} to ${location}; redirects are not followed`,
      };
    } else if (!outcome.ok) {
      outcome.failure = { kind: "http_status", detail: `answered ${status}` };
    }
    return outcome;
  } catch (error) {
    if (isProgrammingError(error)) throw error;
    return failed(classifyDeliveryError(error, timedOut, timeoutMs), status);
  } finally {
    clearTimeout(timer);
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

/** Reads at most MAX_RESPONSE_READ_BYTES and answers the first RESPONSE_EXCERPT_BYTES as text. */
async function readExcerpt(body: Readable): Promise<string> {
  const kept: Buffer[] = [];
  let keptBytes = 0;
  let readBytes = 0;
  // Leaving the loop early destroys the stream, which closes the connection: nothing more is read.
  for await (const chunk of body as AsyncIterable<Buffer>) {
    readBytes += chunk.length;
    if (keptBytes < RESPONSE_EXCERPT_BYTES) {
      const slice = chunk.subarray(0, RESPONSE_EXCERPT_BYTES - keptBytes);
      kept.push(slice);
      keptBytes += slice.length;
    }
    if (readBytes >= MAX_RESPONSE_READ_BYTES) break;
  }
  // stream: true holds back a character cut in half at the 2 KiB mark instead of decoding it as U+FFFD.
  return new TextDecoder("utf-8").decode(Buffer.concat(kept), { stream: true });
}
