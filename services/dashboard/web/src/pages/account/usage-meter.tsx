import { formatNumber } from "../../components/format-number";

interface UsageMeterProps {
  id: string;
  label: string;
  used: number | undefined;
  /** The plan's maximum: null is unlimited, 0 is not included. */
  max: number | null;
}

/** One count against the plan's maximum: the numbers in words, and a meter where there is a maximum. */
export function UsageMeter({ id, label, used, max }: UsageMeterProps) {
  const labelId = `${id}-label`;
  const textId = `${id}-text`;
  const text =
    used === undefined
      ? "Could not be read"
      : max === null
        ? `${formatNumber(used)} (no limit)`
        : max === 0
          ? "Not included in your plan"
          : `${formatNumber(used)} of ${formatNumber(max)}`;
  const full = used !== undefined && max !== null && max > 0 && used >= max;
  return (
    <div class="usage-row">
      <div class="usage-row-text">
        <span id={labelId} class="strong">
          {label}
        </span>
        <span id={textId}>
          {text}
          {full && <span class="badge badge-warn usage-full">Limit reached</span>}
        </span>
      </div>
      {used !== undefined && max !== null && max > 0 && (
        <meter
          class="usage-meter"
          min={0}
          max={max}
          low={max * 0.8}
          high={max * 0.95}
          optimum={0}
          value={Math.min(used, max)}
          aria-labelledby={labelId}
          aria-describedby={textId}
        >
          {text}
        </meter>
      )}
    </div>
  );
}
