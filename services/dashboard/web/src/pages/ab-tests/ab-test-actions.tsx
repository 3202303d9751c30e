import type { JSX } from "preact";
import { useRef, useState } from "preact/hooks";
import type { ApiError } from "../../api/api-error";
import { asApiError } from "../../components/as-api-error";
import { ProblemNotice } from "../../components/problem-notice";
import { SelectField } from "../../components/select-field";
import type { AbTest } from "./ab-test";
import { completeAbTest } from "./complete-ab-test";
import { pauseAbTest } from "./pause-ab-test";
import { resumeAbTest } from "./resume-ab-test";
import { startAbTest } from "./start-ab-test";

/** What a finished action tells the page: the test as it is now, and what to announce. */
export interface AbTestChange {
  test: AbTest;
  message: string;
  /** After completing: whether the statistics support the winner, in the API's words. */
  completion?: { supported: boolean; reason: string };
}

interface AbTestActionsProps {
  test: AbTest;
  onChanged: (change: AbTestChange) => void;
  onDelete: () => void;
}

type Step = "start" | "pause" | "resume" | "complete";

const winnerName = (test: AbTest) =>
  test.variants.find((variant) => variant.id === test.winner_variant_id)?.name ?? "no variant";

/**
 * The buttons the test's state allows — start a draft, pause a running test, resume a paused
 * one, complete either (with a chosen winner or the API's) — and deleting it.
 */
export function AbTestActions({ test, onChanged, onDelete }: AbTestActionsProps) {
  const [pending, setPending] = useState<Step | null>(null);
  const [problem, setProblem] = useState<{ step: Step; error: ApiError } | null>(null);
  const [completing, setCompleting] = useState(false);
  const [winner, setWinner] = useState("");
  const completeButton = useRef<HTMLButtonElement>(null);

  const run = async (step: Step, action: () => Promise<AbTestChange>) => {
    if (pending) return;
    setPending(step);
    setProblem(null);
    try {
      const change = await action();
      setCompleting(false);
      onChanged(change);
    } catch (error) {
      setProblem({ step, error: asApiError(error, "The test was not changed. Try again.") });
    } finally {
      setPending(null);
    }
  };

  const complete = (event: JSX.TargetedSubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    void run("complete", async () => {
      const answer = await completeAbTest(test.id, winner || undefined);
      return {
        test: answer.test,
        message: `Test completed: ${winnerName(answer.test)} won`,
        completion: { supported: answer.statistically_supported, reason: answer.reason },
      };
    });
  };

  const live = test.status === "running" || test.status === "paused";
  const problemTitle: Record<Step, string> = {
    start: "The test did not start",
    pause: "The test was not paused",
    resume: "The test did not resume",
    complete: "The test was not completed",
  };

  return (
    <div class="ab-actions">
      <div class="form-actions">
        {test.status === "draft" && (
          <button
            type="button"
            class="button"
            aria-disabled={pending ? true : undefined}
            onClick={() =>
              run("start", async () => ({ test: await startAbTest(test.id), message: "Test started" }))
            }
          >
            {pending === "start" ? "Starting…" : "Start test"}
          </button>
        )}
        {test.status === "running" && (
          <button
            type="button"
            class="button button-secondary"
            aria-disabled={pending ? true : undefined}
            onClick={() =>
              run("pause", async () => ({ test: await pauseAbTest(test.id), message: "Test paused" }))
            }
          >
            {pending === "pause" ? "Pausing…" : "Pause test"}
          </button>
        )}
        {test.status === "paused" && (
          <button
            type="button"
            class="button"
            aria-disabled={pending ? true : undefined}
            onClick={() =>
              run("resume", async () => ({ test: await resumeAbTest(test.id), message: "Test resumed" }))
            }
          >
            {pending === "resume" ? "Resuming…" : "Resume test"}
          </button>
        )}
        {live && (
          <button
            ref={completeButton}
            type="button"
            class="button button-secondary"
            aria-expanded={completing}
            aria-controls="complete-ab-test"
            onClick={() => setCompleting((open) => !open)}
          >
            Complete test…
          </button>
        )}
        <button type="button" class="button button-danger" onClick={onDelete}>
          Delete test
        </button>
      </div>
      {problem && problem.step !== "complete" && (
        <ProblemNotice id="ab-action-problem" title={problemTitle[problem.step]} error={problem.error} />
      )}
      <div id="complete-ab-test">
        {completing && live && (
          <form
            class="subsection stack-form"
            onSubmit={complete}
            noValidate
            aria-describedby="complete-ab-test-hint"
          >
            <h3 class="subsection-title">Complete the test</h3>
            <p id="complete-ab-test-hint" class="fieldset-hint">
              The winner's destination becomes the link's destination for good, and the test stops. This
              cannot be undone.
            </p>
            <SelectField
              id="ab-winner"
              label="Winner"
              value={winner}
              onValue={setWinner}
              options={[
                { value: "", label: "The variant with most conversions" },
                ...test.variants.map((variant) => ({
                  value: variant.id,
                  label: `${variant.name}${variant.control ? " (control)" : ""} → ${variant.destination_url}`,
                })),
              ]}
            />
            <div class="form-actions">
              <button type="submit" class="button" aria-disabled={pending ? true : undefined}>
                {pending === "complete" ? "Completing…" : "Complete test"}
              </button>
              <button
                type="button"
                class="button button-ghost"
                onClick={() => {
                  setCompleting(false);
                  completeButton.current?.focus();
                }}
              >
                Cancel
              </button>
            </div>
            {problem?.step === "complete" && (
              <ProblemNotice id="ab-complete-problem" title={problemTitle.complete} error={problem.error} />
            )}
          </form>
        )}
      </div>
    </div>
  );
}
