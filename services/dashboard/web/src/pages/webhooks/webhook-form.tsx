import type { JSX } from "preact";
import { useState } from "preact/hooks";
import type { ApiError } from "../../api/api-error";
import { fieldErrorsOf } from "../../api/field-errors";
import { asApiError } from "../../components/as-api-error";
import { ProblemNotice } from "../../components/problem-notice";
import { TextField } from "../../components/text-field";
import { EventTypeFields, eventTypeId } from "./event-type-fields";
import { LinkFilterField } from "./link-filter-field";
import type { Webhook, WebhookBody } from "./webhook";
import { buildWebhookBody, WEBHOOK_FIELDS, type WebhookDraft, type WebhookField } from "./webhook-draft";

interface WebhookFormProps {
  /** Prefix of the fields' ids: "new-webhook" or "edit-webhook". */
  idPrefix: string;
  initial: WebhookDraft;
  submitLabel: string;
  pendingLabel: string;
  /** What did not happen, for the refusal's title: "The endpoint was not created". */
  failureTitle: string;
  save: (body: WebhookBody) => Promise<Webhook>;
  onSaved: (webhook: Webhook) => void;
  onCancel?: () => void;
}

/**
 * URL, description, events and link filter of an endpoint: the create and the edit form. The
 * API's refusals (a private or non-https URL among them) appear next to the field they name.
 */
export function WebhookForm({
  idPrefix,
  initial,
  submitLabel,
  pendingLabel,
  failureTitle,
  save,
  onSaved,
  onCancel,
}: WebhookFormProps) {
  const [draft, setDraft] = useState<WebhookDraft>(initial);
  const [errors, setErrors] = useState<Map<WebhookField, string>>(new Map());
  const [problem, setProblem] = useState<ApiError | null>(null);
  const [pending, setPending] = useState(false);
  const problemId = `${idPrefix}-problem`;
  const idOf = (field: WebhookField) =>
    field === "event_types"
      ? eventTypeId(idPrefix, "link.created")
      : `${idPrefix}-${field === "link_ids" ? "links" : field}`;

  const focusFirst = (found: Map<WebhookField, string>) => {
    const first = WEBHOOK_FIELDS.find((field) => found.has(field));
    if (first) document.getElementById(idOf(first))?.focus();
  };

  const change = <F extends WebhookField>(field: F, value: WebhookDraft[F]) => {
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
    const built = buildWebhookBody(draft);
    if (!built.ok) {
      setErrors(built.errors);
      focusFirst(built.errors);
      return;
    }
    setPending(true);
    try {
      const webhook = await save(built.body);
      setErrors(new Map());
      onSaved(webhook);
    } catch (error) {
      const failure = asApiError(error, `${failureTitle}. Try again.`);
      const byField = new Map<WebhookField, string>();
      for (const [field, message] of fieldErrorsOf(failure)) {
        const known = WEBHOOK_FIELDS.find((name) => name === field);
        if (known && !byField.has(known)) {
          // The URL's refusal says why (private address, not https); its hint says what to do.
          byField.set(known, failure.hint && field === "url" ? `${message} ${failure.hint}` : message);
        }
      }
      setErrors(byField);
      // A refusal shown at its field is not repeated under the buttons.
      setProblem(byField.size > 0 ? null : failure);
      if (byField.size > 0) focusFirst(byField);
    } finally {
      setPending(false);
    }
  };

  return (
    <form class="stack-form" onSubmit={submit} noValidate aria-describedby={problem ? problemId : undefined}>
      <div class="field-grid">
        <TextField
          id={idOf("url")}
          label="Endpoint URL"
          type="url"
          required
          value={draft.url}
          onValue={(value) => change("url", value)}
          error={errors.get("url")}
          hint="An https address on the public internet. Redirects are not followed."
          placeholder="https://example.com/hooks/kurz"
          autoComplete="off"
          spellcheck={false}
          maxLength={2048}
        />
        <TextField
          id={idOf("description")}
          label="Description"
          value={draft.description}
          onValue={(value) => change("description", value)}
          error={errors.get("description")}
          hint="What receives these events, so you can tell endpoints apart."
          autoComplete="off"
          maxLength={500}
        />
      </div>
      <EventTypeFields
        idPrefix={idPrefix}
        chosen={draft.event_types}
        onChange={(chosen) => change("event_types", chosen)}
        error={errors.get("event_types")}
      />
      <LinkFilterField
        idPrefix={idPrefix}
        linkIds={draft.link_ids}
        onChange={(linkIds) => change("link_ids", linkIds)}
        error={errors.get("link_ids")}
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
