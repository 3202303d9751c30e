import type { AbTestAnalytics } from "./ab-test";

const TITLES: Record<AbTestAnalytics["verdict"], string> = {
  insufficient_data: "Not enough data yet",
  srm_mismatch: "The results cannot be trusted",
  running: "No clear difference yet",
  winner: "There is a winner",
  inconclusive: "No clear winner",
};

/** The API's verdict with its reason in words; a winner is named. */
export function AbTestVerdict({ results }: { results: AbTestAnalytics }) {
  const winner = results.variants.find((variant) => variant.id === results.winner_variant_id);
  const title = results.verdict === "winner" && winner ? `Winner: ${winner.name}` : TITLES[results.verdict];
  const tone =
    results.verdict === "winner"
      ? " notice-success"
      : results.verdict === "srm_mismatch"
        ? " notice-error"
        : " ab-notice-neutral";
  return (
    <div class={`notice${tone} ab-verdict`}>
      <p class="notice-title">{title}</p>
      <p>{results.reason}</p>
      <p class="notice-hint">
        {results.decision_basis !== "sequential"
          ? `Judged at ${results.confidence_level}% confidence once the planned sample is reached.`
          : results.test.status === "completed"
            ? `Judged at ${results.confidence_level}% confidence with always-valid statistics.`
            : `Judged at ${results.confidence_level}% confidence with always-valid statistics, so looking at the results while the test runs is safe.`}
      </p>
    </div>
  );
}
