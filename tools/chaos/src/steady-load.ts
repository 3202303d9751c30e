import { setTimeout as pause } from "node:timers/promises";
import { waitFor } from "@kurz/testing";
import { type ApiAnswer, type KurzApi, visitShortLink } from "./kurz-client";
import { normalizeDestination, type PhaseLedger, type WriteOutcome } from "./phase-ledger";

/** Pacing of the load: a steady trickle on two cores, not a benchmark. */
const VISIT_EVERY_MS = 150;
const WRITE_EVERY_MS = 700;
const CONVERSION_EVERY_MS = 1_500;
/** A write refused during an outage is tried again after it, for this long at most. */
const RETRY_FOR_MS = 120_000;

export interface LoadTarget {
  api: KurzApi;
  edgeUrl: string;
  shortHost: string;
}

const sumOf = (values: Iterable<number>) => [...values].reduce((a, b) => a + b, 0);

let sequence = 0;
const next = () => ++sequence;

function visitorIp(n: number): string {
  return `81.2.${(n >> 8) & 255}.${n & 255}`;
}

/**
 * The steady load of one phase: visits to the phase's links, destination changes and new links,
 * conversions on seen click ids. Every answer goes into the phase's ledger.
 */
export class SteadyLoad {
  constructor(private readonly target: LoadTarget) {}

  /** Creates the phase's links and visits each once (its redirect is then cached). */
  async prepare(ledger: PhaseLedger, links: number): Promise<void> {
    for (let i = 0; i < links; i++) {
      const outcome = await this.createLink(ledger, false);
      if (!outcome.acknowledged) {
        throw new Error(
          `${ledger.fault}: a link could not be created before the fault: ${outcome.statuses.join(", ")}`,
        );
      }
    }
    for (const link of ledger.links.values()) await this.visit(ledger, link.code);
    await this.prepareAbTest(ledger);
  }

  /**
   * One more link, split by a running A/B test of two variants whose destinations differ from the
   * link's own (so each answer names its variant, or says the split is not routed yet); visited
   * until the redirector routes the test. The load visits it like the others and never changes it.
   */
  private async prepareAbTest(ledger: PhaseLedger): Promise<void> {
    const created = await this.createLink(ledger, false);
    const link = [...ledger.links.values()].at(-1);
    if (!created.acknowledged || !link) {
      throw new Error(
        `${ledger.fault}: the A/B test's link could not be created: ${created.statuses.join(", ")}`,
      );
    }
    link.split = true;
    const base = `https://shop.example.com/${ledger.fault}/ab-${link.code}`;
    const test = await this.target.api("POST", "/api/v1/ab-tests", {
      name: `chaos ${ledger.fault}`,
      primary_url_id: link.code,
      variants: [
        { name: "Control", destination_url: `${base}/control`, control: true },
        { name: "Variant B", destination_url: `${base}/b` },
      ],
    });
    if (test.status !== 201) {
      throw new Error(`${ledger.fault}: A/B test: ${test.status} ${JSON.stringify(test.body)}`);
    }
    const id = String(test.body.test.id);
    const variants = test.body.test.variants as Array<{ id: string; destination_url: string }>;
    ledger.abTest = {
      id,
      code: link.code,
      variantByDestination: new Map(variants.map((v) => [normalizeDestination(v.destination_url), v.id])),
      exposures: new Map(),
      unrouted: 0,
    };
    const started = await this.target.api("POST", `/api/v1/ab-tests/${id}/start`);
    if (started.status !== 200) {
      throw new Error(`${ledger.fault}: A/B test start: ${started.status} ${JSON.stringify(started.body)}`);
    }
    // The redirector learns of the start from link.updated: visit (each visit in the ledger)
    // until an answer is a variant's.
    const tracked = ledger.abTest;
    await waitFor(() => this.visit(ledger, link.code), {
      until: () => sumOf(tracked.exposures.values()) > 0,
      what: `${ledger.fault}: the redirector to route A/B test ${id}`,
      timeoutMs: 60_000,
      intervalMs: 250,
    });
  }

  /** Runs until `signal` aborts. */
  async run(ledger: PhaseLedger, signal: AbortSignal): Promise<void> {
    const loops = [
      this.every(VISIT_EVERY_MS, signal, () => this.visit(ledger, this.pick(ledger))),
      this.every(WRITE_EVERY_MS, signal, () =>
        next() % 4 === 0 ? this.createLink(ledger, true) : this.changeDestination(ledger),
      ),
      this.every(CONVERSION_EVERY_MS, signal, () => this.convert(ledger)),
    ];
    await Promise.all(loops);
  }

  /** Tries again every write the outage refused, until acknowledged or RETRY_FOR_MS. */
  async retryRefused(ledger: PhaseLedger): Promise<void> {
    const deadline = Date.now() + RETRY_FOR_MS;
    for (const write of ledger.writes) {
      while (!write.acknowledged && Date.now() < deadline && write.retry) {
        await pause(1_000);
        await write.retry();
      }
    }
  }

  private pick(ledger: PhaseLedger, changeable = false): string {
    const codes = [...ledger.links.values()].filter((link) => !changeable || !link.split).map((l) => l.code);
    return codes[next() % codes.length] ?? "";
  }

  private async every(intervalMs: number, signal: AbortSignal, work: () => Promise<unknown>): Promise<void> {
    while (!signal.aborted) {
      const started = Date.now();
      await work().catch(() => {});
      await pause(Math.max(0, intervalMs - (Date.now() - started)));
    }
  }

  async visit(ledger: PhaseLedger, code: string): Promise<{ status: number; location?: string } | undefined> {
    const during = ledger.faultOn;
    if (during) ledger.visitsDuringFault++;
    try {
      const answer = await visitShortLink(
        this.target.edgeUrl,
        this.target.shortHost,
        code,
        visitorIp(next()),
      );
      if (answer.status >= 300 && answer.status < 400) {
        ledger.countRedirect(code);
        ledger.countAbAnswer(code, answer.location);
        const clickId = answer.location ? new URL(answer.location).searchParams.get("svc_click_id") : null;
        if (clickId) ledger.links.get(code)?.clickIds.push(clickId);
      } else if (answer.status >= 500 && during) {
        ledger.visitorFailures.push(`${code}: ${answer.status}`);
      }
      return answer;
    } catch (error) {
      ledger.countAmbiguousVisit(code);
      if (during) ledger.visitorFailures.push(`${code}: ${(error as Error).message}`);
      return undefined;
    }
  }

  private async createLink(ledger: PhaseLedger, duringLoad: boolean): Promise<WriteOutcome> {
    const n = next();
    // An alias makes a retry of a create whose answer was lost safe: the second one is a 409.
    const alias = `chaos-${process.pid}-${n}`;
    const destination = `https://shop.example.com/${ledger.fault}/${n}`;
    return this.write(ledger, `create ${alias}`, duringLoad, [], async () => {
      const answer = await this.target.api("POST", "/api/v1/urls", {
        url: destination,
        customAlias: alias,
        is_dynamic: true,
        conversion_tracking: true,
      });
      if (answer.status === 201 || answer.status === 409) {
        ledger.links.set(alias, { code: alias, destination, clickIds: [] });
        ledger.expectedWebhooks.add(`link.created|${alias}|${normalizeDestination(destination)}`);
      }
      return answer.status === 409 ? { ...answer, status: 201 } : answer;
    });
  }

  private async changeDestination(ledger: PhaseLedger): Promise<WriteOutcome | undefined> {
    const code = this.pick(ledger, true);
    const link = ledger.links.get(code);
    if (!link) return undefined;
    const destination = `https://shop.example.com/${ledger.fault}/${code}/v${next()}`;
    return this.write(ledger, `change ${code}`, true, [], async () => {
      const answer = await this.target.api("PATCH", `/api/v1/urls/${code}`, { url: destination });
      if (answer.status === 200) {
        link.destination = destination;
        ledger.expectedWebhooks.add(`link.updated|${code}|${normalizeDestination(destination)}`);
      }
      return answer;
    });
  }

  private async convert(ledger: PhaseLedger): Promise<WriteOutcome | undefined> {
    const link = [...ledger.links.values()].find((candidate) => candidate.clickIds.length > 0);
    const clickId = link?.clickIds.shift();
    if (!link || !clickId) return undefined;
    const key = `chaos-${next()}`;
    // 404: its click may not be stored yet (clicks wait in the broker during its outage).
    return this.write(ledger, `conversion on ${link.code}`, true, [404], async () => {
      const answer = await this.target.api(
        "POST",
        "/api/v1/conversions",
        { svc_click_id: clickId, event_name: "purchase", value: 10, currency: "EUR" },
        // The same key on a retry: one conversion however often it is sent.
        { "idempotency-key": key },
      );
      if (answer.status === 201 || answer.status === 200) {
        const id = answer.body?.conversion?.conversionId;
        const first = !ledger.expectedWebhooks.has(`conversion.recorded|${id}`);
        if (first) ledger.countConversion(link.code);
        ledger.expectedWebhooks.add(`conversion.recorded|${id}`);
        return { ...answer, status: 201 };
      }
      return answer;
    });
  }

  /**
   * One write and the rules for its answers: 2xx acknowledged; 503 (with Retry-After), 429 or no
   * answer are tried again later; any other 5xx is a violation (still retried, to see if it heals).
   */
  private async write(
    ledger: PhaseLedger,
    what: string,
    duringLoad: boolean,
    alsoRetried: number[],
    send: () => Promise<ApiAnswer>,
  ): Promise<WriteOutcome> {
    const outcome: WriteOutcome = {
      what,
      statuses: [],
      withoutRetryAfter: 0,
      acknowledged: false,
      duringFault: duringLoad && ledger.faultOn,
    };
    const attempt = async () => {
      try {
        const answer = await send();
        outcome.statuses.push(answer.status);
        if (answer.status === 503 && !answer.retryAfter) outcome.withoutRetryAfter++;
        if (answer.status >= 200 && answer.status < 300) outcome.acknowledged = true;
        else if (answer.status < 500 && ![408, 429, ...alsoRetried].includes(answer.status)) {
          outcome.retry = undefined;
        }
      } catch {
        outcome.statuses.push("error");
      }
    };
    outcome.retry = attempt;
    ledger.writes.push(outcome);
    await attempt();
    return outcome;
  }
}
