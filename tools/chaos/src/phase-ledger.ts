/**
 * What the load did during one fault's phase, as the client saw it: the facts the invariants are
 * checked against. Only acknowledged work is expected to survive; an answer that never came (a
 * connection cut mid-request) is counted as ambiguous and widens the allowed range instead.
 */
export interface TrackedLink {
  code: string;
  /** The destination of the last acknowledged change. */
  destination: string;
  /** Click ids seen in redirects, for conversions. */
  clickIds: string[];
}

export interface WriteOutcome {
  what: string;
  /** Every answer, in order, until it was acknowledged or given up. */
  statuses: Array<number | "error">;
  /** 503 answers that carried no Retry-After. */
  withoutRetryAfter: number;
  acknowledged: boolean;
  /** Made while the fault was on. */
  duringFault: boolean;
  /** Sends it again; unset once an answer says trying again cannot help. */
  retry?: () => Promise<void>;
}

export class PhaseLedger {
  readonly links = new Map<string, TrackedLink>();
  /** 3xx answers per link code. */
  readonly redirects = new Map<string, number>();
  /** Visits whose answer never came per link code: the click may or may not exist. */
  readonly ambiguousVisits = new Map<string, number>();
  visitsDuringFault = 0;
  /** Visitor answers of 5xx (or no answer) during the fault, with examples. */
  readonly visitorFailures: string[] = [];
  readonly writes: WriteOutcome[] = [];
  /** Acknowledged conversions per link code. */
  readonly conversions = new Map<string, number>();
  /** Keys of the webhook messages the acknowledged work must produce (see webhookKey). */
  readonly expectedWebhooks = new Set<string>();
  faultOn = false;

  constructor(readonly fault: string) {}

  countRedirect(code: string): void {
    this.redirects.set(code, (this.redirects.get(code) ?? 0) + 1);
  }

  countAmbiguousVisit(code: string): void {
    this.ambiguousVisits.set(code, (this.ambiguousVisits.get(code) ?? 0) + 1);
  }

  countConversion(code: string): void {
    this.conversions.set(code, (this.conversions.get(code) ?? 0) + 1);
  }
}

/** One message's identity in payload terms: what changed, so a second message for it is a duplicate. */
export function webhookKey(type: string, data: Record<string, unknown>): string {
  if (type === "conversion.recorded") return `${type}|${String(data.conversion_id)}`;
  return `${type}|${String(data.short_code)}|${normalizeDestination(String(data.destination_url))}`;
}

/** A destination without the query Kurz adds (svc_click_id) or normalizes. */
export function normalizeDestination(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.origin}${parsed.pathname}`;
  } catch {
    return url;
  }
}
