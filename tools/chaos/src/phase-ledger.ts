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
  /** Split by the phase's A/B test: its destination is a variant's, and it is never changed. */
  split?: true;
}

/** The phase's A/B test and what its visitors (none with the A/B cookie: all new) were sent to. */
export interface TrackedAbTest {
  id: string;
  code: string;
  /** Variant ids by destination (origin and path). */
  variantByDestination: Map<string, string>;
  /** 3xx answers sent to each variant's destination, by variant id: its exposures. */
  exposures: Map<string, number>;
  /** 3xx answers to the link's own destination (the redirector did not route the test yet). */
  unrouted: number;
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
  abTest: TrackedAbTest | undefined;
  /** Access tokens refreshed after a 401 invalid_token during the phase. */
  tokenRefreshes = 0;
  faultOn = false;

  constructor(readonly fault: string) {}

  countRedirect(code: string): void {
    this.redirects.set(code, (this.redirects.get(code) ?? 0) + 1);
  }

  /** A 3xx answer of the A/B test's link: an exposure of the variant its Location names. */
  countAbAnswer(code: string, location: string | undefined): void {
    const test = this.abTest;
    if (!test || test.code !== code) return;
    const variant = location ? test.variantByDestination.get(normalizeDestination(location)) : undefined;
    if (variant) test.exposures.set(variant, (test.exposures.get(variant) ?? 0) + 1);
    else test.unrouted++;
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
