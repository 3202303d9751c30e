import type { ImportStatus as Status } from "./link-import";

const LABELS: Record<Status, string> = {
  queued: "Queued",
  running: "Running",
  completed: "Completed",
  failed: "Failed",
  cancelled: "Cancelled",
};

const BADGES: Record<Status, string> = {
  queued: "badge badge-pending",
  running: "badge badge-pending",
  completed: "badge badge-verified",
  failed: "badge badge-failed",
  cancelled: "badge",
};

/** An import's status as a badge, in words (never only a colour). */
export function ImportStatus({ status }: { status: Status }) {
  return <span class={BADGES[status]}>{LABELS[status]}</span>;
}
