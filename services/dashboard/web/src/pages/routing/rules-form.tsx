import type { JSX } from "preact";
import { useState } from "preact/hooks";
import { announce } from "../../components/announce";
import { asApiError } from "../../components/as-api-error";
import type { ShortUrl } from "../links/short-url";
import type { RedirectRule } from "./routing-link";
import { newRule, type RuleDraft, ruleDraftsOf, rulesOf } from "./rule-draft";
import { type RuleErrors, ruleErrorsOf } from "./rule-errors";
import { RuleFields } from "./rule-fields";
import { updateRouting } from "./update-routing";

/** Rules per link (packages/redirect-rules). */
const MAX_RULES = 20;

interface FormProblem {
  message: string;
  hint?: string | undefined;
}

interface RulesFormProps {
  link: ShortUrl;
  rules: readonly RedirectRule[];
  onSaved: (link: ShortUrl) => void;
}

/** The first invalid input of the rules, or the rule heading a refusal names. */
function focusFirstInvalid() {
  const first = document.querySelector<HTMLElement>(
    ".routing-rules [aria-invalid='true'], .routing-rules .field-invalid input, .routing-rules .field-invalid select",
  );
  first?.focus();
}

/**
 * The link's rules, in order: the first whose conditions all hold decides. Saving sends the whole
 * array; the API's refusals are shown on the rule or condition their path names.
 */
export function RulesForm({ link, rules, onSaved }: RulesFormProps) {
  const [drafts, setDrafts] = useState<RuleDraft[]>(() => ruleDraftsOf(rules));
  const [errors, setErrors] = useState<RuleErrors>(new Map());
  const [problem, setProblem] = useState<FormProblem | null>(null);
  const [pending, setPending] = useState(false);

  const change = (next: RuleDraft[]) => {
    setDrafts(next);
    // Positions may have changed: the old messages may no longer sit where they belong.
    if (errors.size > 0) setErrors(new Map());
  };

  const move = (from: number, to: number) => {
    if (to < 0 || to >= drafts.length) return;
    const next = [...drafts];
    const [rule] = next.splice(from, 1);
    if (!rule) return;
    next.splice(to, 0, rule);
    change(next);
    announce(`Rule moved to position ${to + 1} of ${next.length}`);
    // Keep the reader on the rule they moved: the same button where it now stands, or the other
    // one when it reached the end.
    const up = to < from;
    const atEnd = up ? to === 0 : to === next.length - 1;
    const direction = up !== atEnd ? "up" : "down";
    requestAnimationFrame(() => document.getElementById(`rule-${to}-${direction}`)?.focus());
  };

  const remove = (index: number) => {
    change(drafts.filter((_, i) => i !== index));
    announce(`Rule ${index + 1} removed`);
    requestAnimationFrame(() => document.getElementById("rules-add")?.focus());
  };

  const add = () => {
    const next = [...drafts, newRule(drafts.map((rule) => rule.id))];
    change(next);
    requestAnimationFrame(() => document.getElementById(`rule-${next.length - 1}-name`)?.focus());
  };

  const submit = async (event: JSX.TargetedSubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    setProblem(null);
    setPending(true);
    try {
      const saved = await updateRouting(link, { rules: rulesOf(drafts) });
      setPending(false);
      setErrors(new Map());
      announce(drafts.length === 0 ? "Rules removed" : "Rules saved");
      onSaved(saved);
    } catch (error) {
      const failure = asApiError(error, "The rules could not be saved. Try again.");
      const byRule = ruleErrorsOf(failure);
      setErrors(byRule);
      setProblem(
        byRule.size > 0
          ? { message: "The rules were not saved. Check the highlighted fields." }
          : { message: failure.message, hint: failure.hint },
      );
      setPending(false);
      requestAnimationFrame(focusFirstInvalid);
    }
  };

  return (
    <section class="section routing-rules" aria-labelledby="rules-title">
      <h2 id="rules-title">Redirect rules</h2>
      <p class="muted">
        Rules are tried from the top; the first whose conditions all hold sends the visitor to its
        destination. When none does, visitors go to the link’s URL.
      </p>
      <form
        onSubmit={submit}
        noValidate
        aria-labelledby="rules-title"
        aria-describedby={problem ? "rules-problem" : undefined}
      >
        {drafts.length === 0 ? (
          <p class="empty-state">No rules: every visitor goes to the link’s URL.</p>
        ) : (
          <ol class="routing-rule-list">
            {drafts.map((rule, index) => (
              <RuleFields
                key={rule.id}
                rule={rule}
                index={index}
                count={drafts.length}
                errors={errors}
                onChange={(next) => change(drafts.map((r, i) => (i === index ? next : r)))}
                onMove={(to) => move(index, to)}
                onRemove={() => remove(index)}
              />
            ))}
          </ol>
        )}
        {drafts.length < MAX_RULES && (
          <button id="rules-add" type="button" class="button button-secondary" onClick={add}>
            Add rule
          </button>
        )}
        {problem && (
          <div id="rules-problem" class="notice notice-error" role="alert">
            <p class="notice-title">{problem.message}</p>
            {problem.hint && <p class="notice-hint">{problem.hint}</p>}
          </div>
        )}
        <div class="form-actions">
          <button type="submit" class="button" aria-disabled={pending ? true : undefined}>
            Save rules
          </button>
          <span class="form-pending" role="status">
            {pending ? "Saving…" : ""}
          </span>
        </div>
      </form>
    </section>
  );
}
