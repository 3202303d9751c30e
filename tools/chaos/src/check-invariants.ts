import { AB_EXPOSURES_INVARIANT, checkAbExposures } from "./check-ab-exposures";
import type { KurzApi } from "./kurz-client";
import { normalizeDestination, type PhaseLedger, webhookKey } from "./phase-ledger";
import { settle } from "./settle";
import type { MisbehavingReceiver } from "./start-misbehaving-receiver";
import type { SteadyLoad } from "./steady-load";

export interface InvariantRow {
  fault: string;
  invariant: string;
  expected: number;
  observed: number;
  lost: number;
  duplicated: number;
  verdict: "ok" | "VIOLATED" | "not run";
  note?: string;
}

export interface CheckContext {
  api: KurzApi;
  load: SteadyLoad;
  /** Every subscribed endpoint: its receiver and its id at Kurz, by a name for the table. */
  endpoints: Record<string, { receiver: MisbehavingReceiver; endpointId: string }>;
  /** How long to wait for convergence after the fault is over. */
  settleMs: number;
}

const sum = (values: Iterable<number>) => [...values].reduce((a, b) => a + b, 0);

/** Every invariant of issue 31 for one phase, after its fault is over. */
export async function checkInvariants(ledger: PhaseLedger, context: CheckContext): Promise<InvariantRow[]> {
  const rows: InvariantRow[] = [];
  const row = (
    invariant: string,
    counts: { expected: number; observed: number; lost: number; duplicated: number },
    violated: boolean,
    note?: string,
  ) => {
    rows.push({
      fault: ledger.fault,
      invariant,
      ...counts,
      verdict: violated ? "VIOLATED" : "ok",
      ...(note ? { note } : {}),
    });
  };

  // A check that could not read at all (every read failed until its bound) is a violated row
  // saying why; the phase's other checks, and the run's other faults, still run.
  const checked = async (invariant: string, check: (invariant: string) => Promise<void>) => {
    try {
      await check(invariant);
    } catch (error) {
      rows.push({
        fault: ledger.fault,
        invariant,
        expected: 0,
        observed: 0,
        lost: 0,
        duplicated: 0,
        verdict: "VIOLATED",
        note: `could not be read: ${(error as Error).message}`.slice(0, 200),
      });
    }
  };

  // Visitors and writers during the outage.
  const failures = ledger.visitorFailures.length;
  row(
    "redirects answer during the fault (no 5xx)",
    {
      expected: ledger.visitsDuringFault,
      observed: ledger.visitsDuringFault - failures,
      lost: failures,
      duplicated: 0,
    },
    failures > 0,
    failures > 0 ? ledger.visitorFailures.slice(0, 3).join("; ") : undefined,
  );
  const writes = ledger.writes.filter((write) => write.duringFault);
  const unacknowledged = writes.filter((write) => !write.acknowledged);
  const serverErrors = writes.filter((write) =>
    write.statuses.some((status) => typeof status === "number" && status >= 500 && status !== 503),
  );
  row(
    "API writes: never 500, succeed on retry",
    {
      expected: writes.length,
      observed: writes.length - unacknowledged.length,
      lost: unacknowledged.length,
      duplicated: 0,
    },
    unacknowledged.length > 0 || serverErrors.length > 0,
    [
      ...(ledger.tokenRefreshes > 0
        ? [`access token refreshed ${ledger.tokenRefreshes}× after 401 invalid_token`]
        : []),
      ...serverErrors.slice(0, 2).map((write) => `${write.what}: ${write.statuses.join(",")}`),
      ...unacknowledged
        .slice(0, 2)
        .map((write) => `never acknowledged ${write.what}: ${write.statuses.join(",")}`),
    ].join("; "),
  );
  const refused = writes.filter((write) => write.statuses.includes(503));
  const withoutRetryAfter = refused.filter((write) => write.withoutRetryAfter > 0);
  row(
    "API 503s carry Retry-After",
    {
      expected: refused.length,
      observed: refused.length - withoutRetryAfter.length,
      lost: withoutRetryAfter.length,
      duplicated: 0,
    },
    withoutRetryAfter.length > 0,
    withoutRetryAfter
      .slice(0, 2)
      .map((write) => `${write.what}: ${write.statuses.join(",")}`)
      .join("; "),
  );

  // Every acknowledged change reaches the redirector. These visits are clicks too (counted below).
  const links = [...ledger.links.values()];
  // The A/B test's link answers with a variant (checked by the exposures row), not its destination.
  const changeable = links.filter((link) => !link.split);
  await checked("link change reaches the redirector", async (invariant) => {
    const destinations = await settle(
      "each link to redirect to its latest destination",
      context.settleMs,
      async () => {
        let observed = 0;
        const wrong: string[] = [];
        for (const link of changeable) {
          const answer = await context.load.visit(ledger, link.code);
          if (
            answer?.location &&
            normalizeDestination(answer.location) === normalizeDestination(link.destination)
          ) {
            observed++;
          } else {
            wrong.push(`${link.code} → ${answer?.status ?? "no answer"} ${answer?.location ?? ""}`);
          }
        }
        return {
          expected: changeable.length,
          observed,
          lost: changeable.length - observed,
          duplicated: 0,
          wrong,
        };
      },
    );
    const { wrong, ...destinationCounts } = destinations;
    row(invariant, destinationCounts, destinations.lost > 0, wrong.slice(0, 2).join("; "));
  });

  // Every redirect counted exactly once.
  await checked("every redirect's click counted exactly once", async (invariant) => {
    const clicks = await settle("every redirect to be counted once", context.settleMs, async () => {
      let lost = 0;
      let duplicated = 0;
      let observed = 0;
      const off: string[] = [];
      for (const link of links) {
        const expected = ledger.redirects.get(link.code) ?? 0;
        const ambiguous = ledger.ambiguousVisits.get(link.code) ?? 0;
        const answer = await context.api("GET", `/api/v1/analytics/${link.code}`);
        const counted = Number(answer.body?.analytics?.counts?.clicks ?? Number.NaN);
        if (Number.isNaN(counted)) throw new Error(`analytics of ${link.code} answered ${answer.status}`);
        if (counted < expected || counted > expected + ambiguous)
          off.push(`${link.code} ${expected}→${counted}`);
        observed += counted;
        lost += Math.max(0, expected - counted);
        duplicated += Math.max(0, counted - expected - ambiguous);
      }
      return { expected: sum(ledger.redirects.values()), observed, lost, duplicated, off };
    });
    const { off, ...clickCounts } = clicks;
    // Where a count is off, the stored clicks themselves (clicks_v1, not the rollups that counted
    // them): tells a click never stored from one stored but missed by a report, and which visits
    // (by their place in the link's visits) left no click.
    const shown = await Promise.all(
      off.slice(0, 3).map(async (entry) => {
        const code = entry.split(" ")[0] ?? "";
        const answer = await context.api(
          "GET",
          `/api/v1/analytics/${code}/clicks?limit=500&includeBots=true`,
        );
        const stored: Array<{ clickId: string; bot: boolean; botReason: string }> =
          answer.body?.analytics?.clicks ?? [];
        const storedIds = new Set(stored.map((click) => click.clickId));
        const seen = ledger.links.get(code)?.clickIds ?? [];
        const missing = seen.flatMap((id, index) =>
          storedIds.has(id) ? [] : [`#${index + 1} …${id.slice(-8)}`],
        );
        const bots = stored.filter((click) => click.bot).map((click) => click.botReason);
        return `${entry} (stored ${stored.length}${bots.length > 0 ? `, bots: ${bots.join(",")}` : ""}; visits without a stored click: ${missing.join(",") || "none"} of ${seen.length})`;
      }),
    );
    row(invariant, clickCounts, clicks.lost > 0 || clicks.duplicated > 0, shown.join("; "));
  });
  const { abTest } = ledger;
  if (abTest) {
    await checked(AB_EXPOSURES_INVARIANT, async () => {
      rows.push(await checkAbExposures(ledger, abTest, context));
    });
  }

  // Every acknowledged conversion counted once.
  await checked("every conversion counted exactly once", async (invariant) => {
    const conversions = await settle("every conversion to be counted once", context.settleMs, async () => {
      let lost = 0;
      let duplicated = 0;
      let observed = 0;
      for (const link of links) {
        const expected = ledger.conversions.get(link.code) ?? 0;
        const answer = await context.api("GET", `/api/v1/analytics/${link.code}/conversions`);
        const counted = Number(answer.body?.analytics?.stats?.conversions ?? Number.NaN);
        if (Number.isNaN(counted)) throw new Error(`conversions of ${link.code} answered ${answer.status}`);
        observed += counted;
        lost += Math.max(0, expected - counted);
        duplicated += Math.max(0, counted - expected);
      }
      return { expected: sum(ledger.conversions.values()), observed, lost, duplicated };
    });
    row(invariant, conversions, conversions.lost > 0 || conversions.duplicated > 0);
  });

  // Every event to every subscribed endpoint, at least once, by webhook-id.
  for (const [name, { receiver }] of Object.entries(context.endpoints)) {
    await checked(`every event delivered at least once (${name})`, async (invariant) => {
      const deliveries = await settle(`every event delivered to ${name}`, context.settleMs, async () => {
        const idsByKey = new Map<string, Set<string>>();
        const answeredById = new Map<string, number>();
        for (const event of receiver.accepted()) {
          const key = webhookKey(event.type, event.data);
          if (!ledger.expectedWebhooks.has(key)) continue;
          idsByKey.set(key, (idsByKey.get(key) ?? new Set()).add(event.webhookId));
          answeredById.set(event.webhookId, (answeredById.get(event.webhookId) ?? 0) + 1);
        }
        const missing = [...ledger.expectedWebhooks].filter((key) => !idsByKey.has(key));
        // Under at-least-once a message may come twice; one change sent as two messages is worse.
        const duplicated =
          sum([...idsByKey.values()].map((ids) => ids.size - 1)) +
          sum([...answeredById.values()].map((n) => n - 1));
        return {
          expected: ledger.expectedWebhooks.size,
          observed: idsByKey.size,
          lost: missing.length,
          duplicated,
          missing,
        };
      });
      const { missing, ...counts } = deliveries;
      row(
        invariant,
        counts,
        counts.lost > 0,
        [counts.duplicated > 0 ? "duplicates allowed (at least once)" : "", ...missing.slice(0, 2)]
          .filter(Boolean)
          .join("; "),
      );
    });
  }
  for (const [name, { receiver, endpointId }] of Object.entries(context.endpoints)) {
    const phaseIds = new Set(
      receiver
        .accepted()
        .filter((event) => ledger.expectedWebhooks.has(webhookKey(event.type, event.data)))
        .map((event) => event.webhookId),
    );
    await checked(`every attempt recorded (${name})`, async (invariant) => {
      const recorded = await settle(`every attempt at ${name} recorded`, context.settleMs, async () => {
        const log = await readDeliveryLog(context.api, endpointId);
        const seen = receiver.requestsById();
        const unrecorded: string[] = [];
        let observed = 0;
        for (const id of phaseIds) {
          const delivery = log.get(id);
          const reached = seen.get(id) ?? 0;
          if (delivery && delivery.status === "succeeded" && delivery.attempts >= reached) observed++;
          else
            unrecorded.push(
              `${id}: ${reached} reached, log ${delivery ? `${delivery.status} ${delivery.attempts}` : "none"}`,
            );
        }
        return { expected: phaseIds.size, observed, lost: unrecorded.length, duplicated: 0, unrecorded };
      });
      const { unrecorded, ...counts } = recorded;
      row(invariant, counts, counts.lost > 0, unrecorded.slice(0, 2).join("; "));
    });
  }
  return rows;
}

/** The endpoint's delivery log by message id (the webhook-id header), every page. */
async function readDeliveryLog(
  api: KurzApi,
  endpointId: string,
): Promise<Map<string, { status: string; attempts: number }>> {
  const log = new Map<string, { status: string; attempts: number }>();
  for (let page = 1; ; page++) {
    const answer = await api("GET", `/api/v1/webhooks/${endpointId}/deliveries?limit=100&page=${page}`);
    if (answer.status !== 200) throw new Error(`deliveries of ${endpointId} answered ${answer.status}`);
    const deliveries = (answer.body?.deliveries ?? []) as Array<{
      message_id: string;
      status: string;
      attempts: number;
    }>;
    for (const delivery of deliveries) log.set(delivery.message_id, delivery);
    if (deliveries.length < 100 || log.size >= Number(answer.body?.pagination?.total ?? 0)) return log;
  }
}
