import { useState } from "preact/hooks";
import type { ApiError } from "../../api/api-error";
import { announce } from "../../components/announce";
import { asApiError } from "../../components/as-api-error";
import { type BulkWording, describeBulkOutcome } from "./describe-bulk-outcome";
import { type BulkFailure, type BulkOutcome, type BulkResult, readBulkResults } from "./read-bulk-results";
import type { ShortUrl } from "./short-url";

export interface BulkFailures {
  /** "2 links could not be tagged". */
  title: string;
  failed: BulkFailure[];
}

export interface BulkAction {
  /** A bulk call is on its way: the bar's buttons do nothing meanwhile. */
  pending: boolean;
  /** The call itself was refused (429, a validation error, the network): nothing was done. */
  problem: ApiError | null;
  /** The links the last call refused, one by one. */
  failures: BulkFailures | null;
  /** Sends one bulk call for `links` and settles it; a refused call leaves the selection as it was. */
  run: (links: ShortUrl[], call: () => Promise<BulkResult[]>, wording: BulkWording) => Promise<void>;
  /** Tells the outcome of a call made elsewhere (the delete dialog's). */
  settle: (links: ShortUrl[], results: BulkResult[], wording: BulkWording) => void;
  dismissFailures: () => void;
  /** Forgets a refused call (the selection it was about is gone). */
  dismissProblem: () => void;
}

/**
 * One bulk action at a time over the selected links: ONE call, then its outcome announced
 * ("Tagged 4 links"), the links it refused kept for a notice, and `onSettled` (the page clears
 * the selection and reloads the list).
 */
export function useBulkAction(onSettled: (outcome: BulkOutcome, wording: BulkWording) => void): BulkAction {
  const [pending, setPending] = useState(false);
  const [problem, setProblem] = useState<ApiError | null>(null);
  const [failures, setFailures] = useState<BulkFailures | null>(null);

  const settle = (links: ShortUrl[], results: BulkResult[], wording: BulkWording) => {
    const outcome = readBulkResults(links, results);
    announce(describeBulkOutcome(outcome, wording));
    const count = outcome.failed.length;
    setFailures(
      count > 0
        ? {
            title: `${count} ${count === 1 ? "link" : "links"} could not be ${wording.failed}`,
            failed: outcome.failed,
          }
        : null,
    );
    onSettled(outcome, wording);
  };

  const run = async (links: ShortUrl[], call: () => Promise<BulkResult[]>, wording: BulkWording) => {
    if (pending || links.length === 0) return;
    setPending(true);
    setProblem(null);
    setFailures(null);
    try {
      const results = await call();
      settle(links, results, wording);
    } catch (error) {
      setProblem(asApiError(error, "The links could not be changed. Try again."));
    } finally {
      setPending(false);
    }
  };

  return {
    pending,
    problem,
    failures,
    run,
    settle,
    dismissFailures: () => setFailures(null),
    dismissProblem: () => setProblem(null),
  };
}
