import type { AbTestStatus } from "./ab-test";

const LABELS: Record<AbTestStatus, { label: string; tone: string }> = {
  draft: { label: "Draft", tone: "" },
  running: { label: "Running", tone: " badge-verified" },
  paused: { label: "Paused", tone: " badge-pending" },
  completed: { label: "Completed", tone: "" },
};

export const statusLabel = (status: AbTestStatus) => LABELS[status].label;

/** A test's state as a badge whose word says it (colour only repeats it). */
export function AbTestStatusBadge({ status }: { status: AbTestStatus }) {
  return <span class={`badge${LABELS[status].tone}`}>{LABELS[status].label}</span>;
}
