import type { JSX } from "preact";
import { useState } from "preact/hooks";
import type { ApiError } from "../../api/api-error";
import { fieldErrorsOf } from "../../api/field-errors";
import { asApiError } from "../../components/as-api-error";
import { ProblemNotice } from "../../components/problem-notice";
import { TextField } from "../../components/text-field";
import { TextareaField } from "../../components/textarea-field";
import type { Campaign, CampaignBody } from "./campaign";
import { buildCampaignBody, CAMPAIGN_FIELDS, type CampaignDraft, type CampaignField } from "./campaign-draft";

interface CampaignFormProps {
  /** Prefix of the fields' ids: "new-campaign" or "edit-campaign". */
  idPrefix: string;
  initial: CampaignDraft;
  submitLabel: string;
  pendingLabel: string;
  /** What did not happen, for the refusal's title: "The campaign was not created". */
  failureTitle: string;
  save: (body: CampaignBody) => Promise<Campaign>;
  onSaved: (campaign: Campaign) => void;
  onCancel?: () => void;
}

/**
 * Name, description and tags of a campaign: the create form and the edit form. The API's
 * refusals appear next to the field they name, or under the buttons when they name none.
 */
export function CampaignForm({
  idPrefix,
  initial,
  submitLabel,
  pendingLabel,
  failureTitle,
  save,
  onSaved,
  onCancel,
}: CampaignFormProps) {
  const [draft, setDraft] = useState<CampaignDraft>(initial);
  const [errors, setErrors] = useState<Map<CampaignField, string>>(new Map());
  const [problem, setProblem] = useState<ApiError | null>(null);
  const [pending, setPending] = useState(false);
  const idOf = (field: CampaignField) => `${idPrefix}-${field}`;
  const problemId = `${idPrefix}-problem`;

  const focusFirst = (found: Map<CampaignField, string>) => {
    const first = CAMPAIGN_FIELDS.find((field) => found.has(field));
    if (first) document.getElementById(idOf(first))?.focus();
  };

  const change = (field: CampaignField, value: string) => {
    setDraft((current) => ({ ...current, [field]: value }));
    if (errors.has(field)) {
      setErrors((current) => {
        const next = new Map(current);
        next.delete(field);
        return next;
      });
    }
  };

  const submit = async (event: JSX.TargetedSubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    setProblem(null);
    const built = buildCampaignBody(draft);
    if (!built.ok) {
      setErrors(built.errors);
      focusFirst(built.errors);
      return;
    }
    setPending(true);
    try {
      const campaign = await save(built.body);
      setErrors(new Map());
      onSaved(campaign);
    } catch (error) {
      const failure = asApiError(error, `${failureTitle}. Try again.`);
      const byField = new Map<CampaignField, string>();
      for (const [field, message] of fieldErrorsOf(failure)) {
        const known = CAMPAIGN_FIELDS.find((name) => name === field);
        if (known && !byField.has(known)) byField.set(known, message);
      }
      setErrors(byField);
      setProblem(failure);
      if (byField.size > 0) focusFirst(byField);
    } finally {
      setPending(false);
    }
  };

  return (
    <form class="stack-form" onSubmit={submit} noValidate aria-describedby={problem ? problemId : undefined}>
      <div class="field-grid">
        <TextField
          id={idOf("name")}
          label="Campaign name"
          required
          value={draft.name}
          onValue={(value) => change("name", value)}
          error={errors.get("name")}
          maxLength={100}
          autoComplete="off"
        />
        <TextField
          id={idOf("tags")}
          label="Tags"
          value={draft.tags}
          onValue={(value) => change("tags", value)}
          error={errors.get("tags")}
          hint="Separate tags with commas."
          placeholder="spring, newsletter"
          autoComplete="off"
        />
      </div>
      <TextareaField
        id={idOf("description")}
        label="Description"
        value={draft.description}
        onValue={(value) => change("description", value)}
        error={errors.get("description")}
        maxLength={1000}
      />
      <div class="form-actions">
        <button type="submit" class="button" aria-disabled={pending ? true : undefined}>
          {submitLabel}
        </button>
        {onCancel && (
          <button type="button" class="button button-ghost" onClick={onCancel}>
            Cancel
          </button>
        )}
        <span class="form-pending" role="status">
          {pending ? pendingLabel : ""}
        </span>
      </div>
      {problem && <ProblemNotice id={problemId} title={failureTitle} error={problem} />}
    </form>
  );
}
