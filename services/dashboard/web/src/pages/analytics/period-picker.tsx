import type { JSX } from "preact";
import { useEffect, useState } from "preact/hooks";
import { updateSearch } from "../../router";
import {
  type AnalyticsRange,
  customRangeProblem,
  DEFAULT_PERIOD,
  PERIODS,
  type Period,
} from "./analytics-query";

const PERIOD_LABELS: Record<Period, string> = {
  "7d": "7 days",
  "30d": "30 days",
  "90d": "90 days",
  "1y": "1 year",
};
const DAY_MS = 86_400_000;

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The custom fields' first values: the range shown, the one asked for, or the last 30 days. */
function initialDays(
  range: AnalyticsRange,
  requested?: { from: string; to: string },
): { from: string; to: string } {
  if (range.kind === "custom") return { from: range.from, to: range.to };
  if (requested) return requested;
  const today = Date.now();
  return { from: isoDay(today - 29 * DAY_MS), to: isoDay(today) };
}

interface PeriodPickerProps {
  range: AnalyticsRange;
  /** The URL asked for a custom range that could not be used. */
  problem: string | undefined;
  requestedDays?: { from: string; to: string } | undefined;
}

/**
 * The period of the report: buttons for the usual spans and a custom range of calendar days
 * (UTC). The choice goes into the URL. Buttons rather than radios: moving through a radio group
 * with the arrow keys would load every period on the way.
 */
export function PeriodPicker({ range, problem, requestedDays }: PeriodPickerProps) {
  const custom = range.kind === "custom";
  const [open, setOpen] = useState(custom || problem !== undefined);
  const [days, setDays] = useState(() => initialDays(range, requestedDays));
  const [error, setError] = useState<string | undefined>(problem);

  // Back/forward changed the range: show it.
  useEffect(() => {
    if (range.kind === "custom") {
      setDays({ from: range.from, to: range.to });
      setOpen(true);
    }
    setError(problem);
  }, [range.kind === "custom" ? `${range.from}/${range.to}` : range.period, problem]);

  const choose = (period: Period) => {
    setOpen(false);
    setError(undefined);
    updateSearch({ period: period === DEFAULT_PERIOD ? undefined : period, from: undefined, to: undefined });
  };

  const apply = (event: JSX.TargetedSubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = customRangeProblem(days.from, days.to);
    setError(found);
    if (!found) updateSearch({ period: undefined, from: days.from, to: days.to });
  };

  return (
    <div class="period-picker">
      <fieldset class="period-choices">
        <legend class="visually-hidden">Period</legend>
        <div class="segmented">
          {PERIODS.map((period) => (
            <button
              key={period}
              type="button"
              class="segment"
              aria-pressed={!custom && range.period === period}
              onClick={() => choose(period)}
            >
              {PERIOD_LABELS[period]}
            </button>
          ))}
          <button
            type="button"
            class="segment"
            aria-pressed={custom}
            aria-expanded={open}
            aria-controls="custom-period"
            onClick={() => setOpen((shown) => !shown)}
          >
            Custom
          </button>
        </div>
      </fieldset>
      {open && (
        <form id="custom-period" class="custom-period" onSubmit={apply} aria-label="Custom period" noValidate>
          <div class="field">
            <label for="period-from">From</label>
            <input
              id="period-from"
              type="date"
              value={days.from}
              max={days.to || undefined}
              onInput={(event) => setDays((d) => ({ ...d, from: event.currentTarget.value }))}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? "period-error" : "period-hint"}
              required
            />
          </div>
          <div class="field">
            <label for="period-to">To</label>
            <input
              id="period-to"
              type="date"
              value={days.to}
              min={days.from || undefined}
              onInput={(event) => setDays((d) => ({ ...d, to: event.currentTarget.value }))}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? "period-error" : "period-hint"}
              required
            />
          </div>
          <button type="submit" class="button">
            Apply
          </button>
          {error ? (
            <p id="period-error" class="field-error custom-period-note" role="alert">
              {error}
            </p>
          ) : (
            <p id="period-hint" class="field-hint custom-period-note">
              Whole days in UTC, both included.
            </p>
          )}
        </form>
      )}
    </div>
  );
}
