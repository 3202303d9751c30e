import { BlockedAddressError } from "@kurz/ssrf";
import { errors } from "undici";
import type { DeliveryFailure } from "./delivery-outcome";

/** Node's and OpenSSL's certificate and handshake error codes. */
const TLS_CODE =
  /^(ERR_TLS_|ERR_SSL_)|CERT|CRL|SIGNATURE|^(HOSTNAME_MISMATCH|INVALID_CA|INVALID_PURPOSE|PATH_LENGTH_EXCEEDED)$/;

const TIMEOUT_CODES = new Set([
  "UND_ERR_CONNECT_TIMEOUT",
  "UND_ERR_HEADERS_TIMEOUT",
  "UND_ERR_BODY_TIMEOUT",
  "ETIMEDOUT",
]);

/**
 * What a failed attempt tells the endpoint's owner. A BlockedAddressError may arrive wrapped
 * (undici and node's happy-eyeballs connect wrap socket errors), so causes are searched.
 * `timedOut`: our own deadline fired, whatever error the abort surfaced as.
 */
export function classifyDeliveryError(error: unknown, timedOut: boolean, timeoutMs: number): DeliveryFailure {
  const blocked = findInChain(error, (candidate) => candidate instanceof BlockedAddressError);
  if (blocked instanceof BlockedAddressError) {
    // The description, not the address: a name's private address is our network's business.
    const verb = blocked.hostname === blocked.address ? "is" : "resolves to";
    const why =
      blocked.reason === "outside_allowed_targets" ? "" : "; webhooks are only delivered to public addresses";
    return {
      kind: "blocked_address",
      detail: `${blocked.reason}: ${blocked.hostname} ${verb} ${blocked.description}${why}`,
    };
  }
  if (timedOut) return { kind: "timeout", detail: `no complete answer within ${timeoutMs} ms` };
  const code = codeOf(error);
  const detail = describe(error, code);
  if (code !== undefined && TIMEOUT_CODES.has(code)) return { kind: "timeout", detail };
  if (code !== undefined && TLS_CODE.test(code)) return { kind: "tls", detail };
  return { kind: "connect", detail };
}

/** Errors that are our own bug (a header undici refuses, …) rather than the receiver's fault. */
export function isProgrammingError(error: unknown): boolean {
  return error instanceof errors.InvalidArgumentError;
}

function findInChain(error: unknown, test: (candidate: unknown) => boolean, depth = 0): unknown {
  if (depth > 5 || error === null || typeof error !== "object") return undefined;
  if (test(error)) return error;
  const { cause, errors: aggregated } = error as { cause?: unknown; errors?: unknown };
  const nested = [cause, ...(Array.isArray(aggregated) ? aggregated : [])];
  for (const candidate of nested) {
    const found = findInChain(candidate, test, depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}

function codeOf(error: unknown): string | undefined {
  const withCode = findInChain(
    error,
    (candidate) => typeof (candidate as { code?: unknown }).code === "string",
  );
  return (withCode as { code?: string } | undefined)?.code;
}

function describe(error: unknown, code: string | undefined): string {
  const message = error instanceof Error ? error.message : String(error);
  return code && !message.includes(code) ? `${code}: ${message}` : message;
}
