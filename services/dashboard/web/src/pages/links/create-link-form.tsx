import type { JSX } from "preact";
import { useState } from "preact/hooks";
import { ApiError } from "../../api/api-error";
import { fieldErrorsOf } from "../../api/field-errors";
import { announce } from "../../components/announce";
import { SelectField } from "../../components/select-field";
import { TextField } from "../../components/text-field";
import { useAliasAvailability } from "./alias-availability";
import { AliasStatus } from "./alias-status";
import { buildCreateLinkBody } from "./build-create-link-body";
import { createLink } from "./create-link";
import {
  type CreateLinkDraft,
  DRAFT_FIELDS,
  type DraftField,
  draftFieldOf,
  EMPTY_DRAFT,
  fieldId,
} from "./create-link-draft";
import { CreatedLinkNotice } from "./created-link-notice";
import { useLinkChoices } from "./link-choices";
import { LinkDomainField } from "./link-domain-field";
import { LinkOptionsFields } from "./link-options-fields";
import type { ShortUrl } from "./short-url";
import { UtmFields } from "./utm-fields";

interface FormProblem {
  message: string;
  hint?: string | undefined;
}

const focusFirstInvalid = (errors: Map<DraftField, string>) => {
  const first = DRAFT_FIELDS.find((field) => errors.has(field));
  if (first) document.getElementById(fieldId(first))?.focus();
};

/**
 * The create form. Sends only what was filled in; every refusal of the API is shown next to the
 * field it names, or above the form when it names none.
 */
export function CreateLinkForm({ onCreated }: { onCreated: (link: ShortUrl) => void }) {
  const [draft, setDraft] = useState<CreateLinkDraft>(EMPTY_DRAFT);
  const [errors, setErrors] = useState<Map<DraftField, string>>(new Map());
  const [problem, setProblem] = useState<FormProblem | null>(null);
  const [pending, setPending] = useState(false);
  const [created, setCreated] = useState<ShortUrl | null>(null);
  const choices = useLinkChoices();
  const availability = useAliasAvailability(draft.customAlias, draft.domain || undefined);

  const change = <F extends DraftField>(field: F, value: CreateLinkDraft[F]) => {
    setDraft((current) => ({ ...current, [field]: value }));
    // The reader is fixing it: the old message no longer describes the value.
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
    setCreated(null);
    const built = buildCreateLinkBody(draft, choices.domains);
    if (!built.ok) {
      setErrors(built.errors);
      focusFirstInvalid(built.errors);
      return;
    }
    setPending(true);
    try {
      const link = await createLink(built.body);
      setDraft(EMPTY_DRAFT);
      setErrors(new Map());
      setCreated(link);
      announce(`Link created: ${link.shortUrl}`);
      onCreated(link);
    } catch (error) {
      const failure =
        error instanceof ApiError
          ? error
          : new ApiError(0, { code: "UNEXPECTED", error: "The link could not be created. Try again." });
      const byField = new Map<DraftField, string>();
      for (const [apiField, message] of fieldErrorsOf(failure)) {
        const field = draftFieldOf(apiField);
        if (field && !byField.has(field)) byField.set(field, message);
      }
      setErrors(byField);
      setProblem(
        byField.size > 0
          ? { message: "The link was not created. Check the highlighted fields." }
          : { message: failure.message, hint: failure.hint },
      );
      focusFirstInvalid(byField);
    } finally {
      setPending(false);
    }
  };

  const dismissCreated = () => {
    setCreated(null);
    document.getElementById(fieldId("url"))?.focus();
  };

  const reset = () => {
    setDraft(EMPTY_DRAFT);
    setErrors(new Map());
    setProblem(null);
  };

  return (
    <form
      class="create-form"
      onSubmit={submit}
      noValidate
      aria-describedby={problem ? "create-problem" : undefined}
    >
      <TextField
        id={fieldId("url")}
        label="Destination URL"
        type="url"
        inputMode="url"
        required
        value={draft.url}
        onValue={(value) => change("url", value)}
        error={errors.get("url")}
        placeholder="https://example.com/a/long/page"
        autoComplete="url"
        maxLength={4096}
      />

      <div class="field-grid">
        <TextField
          id={fieldId("customAlias")}
          label="Custom alias"
          value={draft.customAlias}
          onValue={(value) => change("customAlias", value)}
          error={errors.get("customAlias")}
          // The API's refusal replaces the live check until the alias is edited.
          status={errors.has("customAlias") ? null : <AliasStatus availability={availability} />}
          hint="Leave empty for a random short code."
          autoComplete="off"
          spellcheck={false}
          maxLength={50}
        />
        <LinkDomainField
          id={fieldId("domain")}
          value={draft.domain}
          domains={choices.domains}
          onValue={(value) => change("domain", value)}
          error={errors.get("domain")}
        />
        <TextField
          id={fieldId("name")}
          label="Name"
          value={draft.name}
          onValue={(value) => change("name", value)}
          error={errors.get("name")}
          hint="Only you see it, in this list."
          maxLength={200}
          autoComplete="off"
        />
        <TextField
          id={fieldId("tags")}
          label="Tags"
          value={draft.tags}
          onValue={(value) => change("tags", value)}
          error={errors.get("tags")}
          hint="Separate tags with commas."
          placeholder="launch, social"
          autoComplete="off"
        />
        {choices.campaigns.length > 0 && (
          <SelectField
            id={fieldId("campaign_id")}
            label="Campaign"
            optional
            value={draft.campaign_id}
            onValue={(value) => change("campaign_id", value)}
            error={errors.get("campaign_id")}
            options={[
              { value: "", label: "No campaign" },
              ...choices.campaigns.map((campaign) => ({ value: campaign.id, label: campaign.name })),
            ]}
          />
        )}
      </div>

      <UtmFields draft={draft} errors={errors} onChange={change} />
      <LinkOptionsFields draft={draft} errors={errors} onChange={change} />

      <div class="form-actions">
        <button type="submit" class="button" aria-disabled={pending ? true : undefined}>
          Create link
        </button>
        <button type="button" class="button button-ghost" onClick={reset}>
          Clear form
        </button>
        <span class="form-pending" role="status">
          {pending ? "Creating…" : ""}
        </span>
      </div>

      {/* Beside the button just pressed, where the reader is looking. */}
      {created && <CreatedLinkNotice link={created} onDismiss={dismissCreated} />}
      {problem && (
        <div id="create-problem" class="notice notice-error" role="alert">
          <p class="notice-title">{problem.message}</p>
          {problem.hint && <p class="notice-hint">{problem.hint}</p>}
        </div>
      )}
    </form>
  );
}
