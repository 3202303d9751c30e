import type { CheckContext, InvariantRow } from "./check-invariants";
import type { PhaseLedger, TrackedAbTest } from "./phase-ledger";
import { settle } from "./settle";

export const AB_EXPOSURES_INVARIANT = "A/B exposures per variant exact";

/**
 * The phase's A/B test counts, per variant, exactly the exposures its visitors got: each 3xx
 * answer whose Location was a variant's destination (every visitor of the load is new, without
 * the A/B cookie). Lost: fewer than answered; duplicated: more than answered plus the link's
 * visits whose answer never came (those may have been routed to any variant).
 */
export async function checkAbExposures(
  ledger: PhaseLedger,
  test: TrackedAbTest,
  context: Pick<CheckContext, "api" | "settleMs">,
): Promise<InvariantRow> {
  const ambiguous = ledger.ambiguousVisits.get(test.code) ?? 0;
  const variants = [...new Set(test.variantByDestination.values())];
  const expected = variants.reduce((total, id) => total + (test.exposures.get(id) ?? 0), 0);
  const counts = await settle(
    `the exposures of A/B test ${test.id} per variant`,
    context.settleMs,
    async () => {
      const answer = await context.api("GET", `/api/v1/ab-tests/${test.id}/analytics?days=1`);
      const reported = answer.body?.analytics?.variants as
        | Array<{ id: string; exposures: number }>
        | undefined;
      if (answer.status !== 200 || !reported) {
        throw new Error(`analytics of A/B test ${test.id} answered ${answer.status}`);
      }
      const counted = new Map(reported.map((variant) => [variant.id, Number(variant.exposures)]));
      let observed = 0;
      let lost = 0;
      let duplicated = 0;
      const perVariant: string[] = [];
      for (const id of variants) {
        const sent = test.exposures.get(id) ?? 0;
        const seen = counted.get(id) ?? 0;
        observed += seen;
        lost += Math.max(0, sent - seen);
        duplicated += Math.max(0, seen - sent - ambiguous);
        perVariant.push(`${sent}→${seen}`);
      }
      return { expected, observed, lost, duplicated, perVariant };
    },
  );
  const { perVariant, ...numbers } = counts;
  const violated = numbers.lost > 0 || numbers.duplicated > 0;
  return {
    fault: ledger.fault,
    invariant: AB_EXPOSURES_INVARIANT,
    ...numbers,
    verdict: violated ? "VIOLATED" : "ok",
    note: [
      `per variant answered→counted ${perVariant.join(", ")}`,
      test.unrouted > 0 ? `${test.unrouted} visits before the split was routed` : "",
      ambiguous > 0 ? `${ambiguous} unanswered` : "",
    ]
      .filter(Boolean)
      .join("; "),
  };
}
