import type { JSX } from "preact";
import { useState } from "preact/hooks";
import type { ApiError } from "../../api/api-error";
import { fieldErrorsOf } from "../../api/field-errors";
import { asApiError } from "../../components/as-api-error";
import { ProblemNotice } from "../../components/problem-notice";
import { TextField } from "../../components/text-field";
import { recoverDeliveries } from "./recover-deliveries";

interface RecoverFormProps {
  webhookId: string;
  onRecovered: (count: number) => void;
}

/** A date-time input's value (local time, minutes) for a moment. */
const localValue = (date: Date) => {
  const shifted = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return shifted.toISOString().slice(0, 16);
};

/**
 * After an outage of the receiver: every delivery that failed since a time is queued again,
 * each under its original webhook-id, so the receiver can tell repeats.
 */
export function RecoverForm({ webhookId, onRecovered }: RecoverFormProps) {
  // A day back: the usual question is "what did we miss since yesterday".
  const [since, setSince] = useState(() => localValue(new Date(Date.now() - 86_400_000)));
  const [error, setError] = useState<string | undefined>(undefined);
  const [problem, setProblem] = useState<ApiError | null>(null);
  const [pending, setPending] = useState(false);

  const submit = async (event: JSX.TargetedSubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    setProblem(null);
    const moment = new Date(since);
    if (since === "" || Number.isNaN(moment.getTime())) {
      setError("Enter the date and time the outage began");
      document.getElementById("recover-since")?.focus();
      return;
    }
    setPending(true);
    try {
      const count = await recoverDeliveries(webhookId, moment.toISOString());
      setError(undefined);
      onRecovered(count);
    } catch (failure) {
      const refusal = asApiError(failure, "The deliveries were not recovered. Try again.");
      const atField = fieldErrorsOf(refusal).get("since");
      setError(atField);
      setProblem(atField ? null : refusal);
      if (atField) document.getElementById("recover-since")?.focus();
    } finally {
      setPending(false);
    }
  };

  return (
    <form
      class="stack-form"
      onSubmit={submit}
      noValidate
      aria-describedby={problem ? "recover-problem" : undefined}
    >
      <div class="field-grid">
        <TextField
          id="recover-since"
          label="Failed since"
          type="datetime-local"
          required
          value={since}
          onValue={(value) => {
            setSince(value);
            setError(undefined);
          }}
          error={error}
          hint="Your local time. Every delivery that failed since then is sent again."
        />
      </div>
      <div class="form-actions">
        <button type="submit" class="button button-secondary" aria-disabled={pending ? true : undefined}>
          Recover failed deliveries
        </button>
        <span class="form-pending" role="status">
          {pending ? "Recovering…" : ""}
        </span>
      </div>
      {problem && (
        <ProblemNotice id="recover-problem" title="The deliveries were not recovered" error={problem} />
      )}
    </form>
  );
}
