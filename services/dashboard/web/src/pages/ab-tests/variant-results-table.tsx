import { formatNumber } from "../../components/format-number";
import { formatPercent, formatSignedPercent } from "../../components/format-percent";
import type { AbTestAnalytics, VariantResult } from "./ab-test";

/** A value the numbers do not give yet: a dash, read as words. */
function NotYet({ words }: { words: string }) {
  return (
    <>
      <span class="muted" aria-hidden="true">
        —
      </span>
      <span class="visually-hidden">{words}</span>
    </>
  );
}

/** The interval the verdict uses: always-valid while watched live, else the fixed-horizon one. */
function liftInterval(variant: VariantResult, basis: AbTestAnalytics["decision_basis"]) {
  const comparison = variant.comparison;
  if (!comparison) return null;
  return basis === "sequential" ? comparison.sequential_interval : comparison.relative_lift_interval;
}

/**
 * Each variant's visitors, conversions and rate, and against the control: the lift with its
 * interval at the test's confidence level, and the chance to beat the control (a fixed-horizon
 * figure, labelled so: it is over-confident on a test watched live).
 */
export function VariantResultsTable({ results, busy }: { results: AbTestAnalytics; busy: boolean }) {
  const destinations = new Map(results.test.variants.map((variant) => [variant.id, variant.destination_url]));
  return (
    <div class="table-wrap">
      <table class="data-table ab-results" aria-busy={busy}>
        <caption class="visually-hidden">Results per variant</caption>
        <thead>
          <tr>
            <th scope="col">Variant</th>
            <th scope="col" class="cell-number">
              Weight
            </th>
            <th scope="col" class="cell-number">
              Visitors
            </th>
            <th scope="col" class="cell-number">
              Conversions
            </th>
            <th scope="col" class="cell-number">
              Conversion rate
            </th>
            <th scope="col" class="cell-number">
              Lift vs control
            </th>
            <th scope="col" class="cell-number">
              Chance to beat control (fixed horizon)
            </th>
          </tr>
        </thead>
        <tbody>
          {results.variants.map((variant) => {
            const interval = liftInterval(variant, results.decision_basis);
            const lift = variant.comparison?.relative_lift ?? null;
            const chance = variant.comparison?.chance_to_beat_control ?? null;
            return (
              <tr key={variant.id}>
                <th scope="row" data-label="Variant" class="break-anywhere">
                  {variant.name}
                  {variant.control && <span class="badge ab-control-badge">Control</span>}
                  {variant.id === results.winner_variant_id && (
                    <span class="badge badge-verified ab-control-badge">Winner</span>
                  )}
                  <span class="link-name ab-destination">{destinations.get(variant.id)}</span>
                </th>
                <td data-label="Weight" class="cell-number">
                  {formatNumber(variant.traffic_weight)}%
                </td>
                <td data-label="Visitors" class="cell-number">
                  {formatNumber(variant.visitors)}
                </td>
                <td data-label="Conversions" class="cell-number">
                  {formatNumber(variant.conversions)}
                </td>
                <td data-label="Conversion rate" class="cell-number">
                  {variant.conversion_rate === null ? (
                    <NotYet words="No visitors yet" />
                  ) : (
                    formatPercent(variant.conversion_rate)
                  )}
                </td>
                <td data-label="Lift vs control" class="cell-number">
                  {variant.control ? (
                    <NotYet words="This is the control" />
                  ) : lift === null ? (
                    <NotYet words="Not measurable yet" />
                  ) : (
                    // One element: on a phone the cell is a two-column grid (label, value).
                    <span class="ab-lift">
                      <span class={lift > 0 ? "status-good" : lift < 0 ? "status-bad" : ""}>
                        {formatSignedPercent(lift)}
                      </span>
                      {interval && interval.length === 2 && (
                        <span class="ab-interval">
                          {results.confidence_level}% interval: {formatSignedPercent(interval[0] ?? 0)} to{" "}
                          {formatSignedPercent(interval[1] ?? 0)}
                        </span>
                      )}
                    </span>
                  )}
                </td>
                <td data-label="Chance to beat control (fixed horizon)" class="cell-number">
                  {variant.control ? (
                    <NotYet words="This is the control" />
                  ) : chance === null ? (
                    <NotYet words="Not measurable yet" />
                  ) : (
                    formatPercent(chance)
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
