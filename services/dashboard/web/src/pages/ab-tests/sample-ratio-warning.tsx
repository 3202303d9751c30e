import type { AbTestAnalytics } from "./ab-test";

/**
 * Shown when the sample-ratio check fails: visitors did not arrive in the proportions the
 * weights set, which means something other than chance (bots, a cached redirect, a broken
 * variant) is at work, and no comparison between the variants is sound.
 */
export function SampleRatioWarning({ check }: { check: NonNullable<AbTestAnalytics["sample_ratio"]> }) {
  return (
    <div class="notice notice-error ab-srm">
      <p class="notice-title">Warning: sample ratio mismatch</p>
      <p>
        The visitors are not split the way the weights say (chi-square test, p ={" "}
        {check.p_value < 0.0001 ? "< 0.0001" : check.p_value.toPrecision(2)}). Something other than chance is
        sending more visitors to some variants, so no winner is declared.
      </p>
      <p class="notice-hint">
        Check that every destination loads, that nothing caches the short link's redirect, and that bots are
        not counted; then start a new test.
      </p>
    </div>
  );
}
