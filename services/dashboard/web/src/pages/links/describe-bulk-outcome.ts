import type { BulkOutcome } from "./read-bulk-results";

/** How an action is told: "Tagged 2 links", "could not be tagged". */
export interface BulkWording {
  /** The sentence for the links done, given their count: "Tagged 2 links". */
  done: (count: number) => string;
  /** The past participle for the failed ones: "tagged", "moved", "deleted". */
  failed: string;
}

export const linkCount = (count: number): string => `${count} ${count === 1 ? "link" : "links"}`;

/**
 * The announcement after a bulk action: "Deleted 3 links; 1 could not be deleted: <message>".
 * With several failures the message is given when they share it; the notice lists each one.
 */
export function describeBulkOutcome(outcome: BulkOutcome, wording: BulkWording): string {
  const { done, failed } = outcome;
  if (failed.length === 0) return wording.done(done.length);
  const messages = new Set(failed.map((failure) => failure.message));
  const why = messages.size === 1 ? `: ${failed[0]?.message}` : "";
  const failures = `${failed.length} could not be ${wording.failed}${why}`;
  if (done.length === 0) return `${linkCount(failed.length)} could not be ${wording.failed}${why}`;
  return `${wording.done(done.length)}; ${failures}`;
}
