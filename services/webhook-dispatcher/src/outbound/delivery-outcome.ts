/** What went wrong with one delivery attempt; `kind` is stable (stored, shown, branched on). */
export type DeliveryFailureKind =
  | "blocked_address"
  | "timeout"
  | "connect"
  | "tls"
  | "redirect"
  | "http_status"
  | "body_too_large"
  | "invalid_url";

export interface DeliveryFailure {
  kind: DeliveryFailureKind;
  /** For the endpoint's owner: never an address their host name resolved to inside our network. */
  detail: string;
}

/** The result of one POST to an endpoint. A receiver's fault is an outcome, never a throw. */
export interface DeliveryOutcome {
  /** A 2xx answer, read within the time limit. */
  ok: boolean;
  status?: number;
  latencyMs: number;
  /** The first 2 KiB of the answer's body, as UTF-8 (whole characters only); may be empty. */
  responseExcerpt: string;
  /** From a Retry-After header (delta-seconds or HTTP-date), capped at 86 400. */
  retryAfterSeconds?: number;
  failure?: DeliveryFailure;
}
