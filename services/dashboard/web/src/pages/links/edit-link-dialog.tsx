import type { JSX } from "preact";
import { useEffect, useRef, useState } from "preact/hooks";
import { fieldErrorsOf } from "../../api/field-errors";
import { AppLink } from "../../components/app-link";
import { asApiError } from "../../components/as-api-error";
import { CheckboxField } from "../../components/checkbox-field";
import { SelectField } from "../../components/select-field";
import { TextField } from "../../components/text-field";
import { routingHref } from "../routing/routing-href";
import { buildUpdateLinkBody } from "./build-update-link-body";
import { type CreateLinkDraft, DRAFT_FIELDS, type DraftField, draftFieldOf } from "./create-link-draft";
import { draftFromLink, editFieldId } from "./edit-link-draft";
import { useLinkChoices } from "./link-choices";
import { LinkDomainField } from "./link-domain-field";
import { LinkOptionsFields } from "./link-options-fields";
import type { ShortUrl } from "./short-url";
import { updateLink } from "./update-link";
import { UtmFields } from "./utm-fields";

interface EditLinkDialogProps {
  link: ShortUrl;
  onCancel: () => void;
  onSaved: (link: ShortUrl) => void;
}

interface FormProblem {
  message: string;
  hint?: string | undefined;
}

const focusFirstInvalid = (errors: Map<DraftField, string>) => {
  const first = DRAFT_FIELDS.find((field) => errors.has(field));
  if (first) document.getElementById(editFieldId(first))?.focus();
};

/**
 * Edits a link in a modal <dialog>: focus starts on the first field, Escape cancels, focus goes
 * back to the row's Edit button. Only the changed fields are sent; the API's refusals are shown
 * next to the field they name. A static link's destination and UTM fields are shown, not
 * editable: it answered 301, which browsers cache, so the API refuses to change them.
 */
export function EditLinkDialog({ link, onCancel, onSaved }: EditLinkDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [initial] = useState(() => draftFromLink(link));
  const [draft, setDraft] = useState<CreateLinkDraft>(initial);
  const [removePassword, setRemovePassword] = useState(false);
  const [errors, setErrors] = useState<Map<DraftField, string>>(new Map());
  const [problem, setProblem] = useState<FormProblem | null>(null);
  const [pending, setPending] = useState(false);
  const choices = useLinkChoices();

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    element.showModal();
    document.getElementById(editFieldId(link.isDynamic ? "url" : "name"))?.focus();
    return () => {
      element.close();
      // Saved or cancelled, the row (and its Edit button) stays: continue from there.
      if (opener?.isConnected) opener.focus();
    };
  }, []);

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
    const built = buildUpdateLinkBody(initial, draft, removePassword, choices.domains);
    if (!built.ok) {
      setErrors(built.errors);
      focusFirstInvalid(built.errors);
      return;
    }
    // Nothing changed: nothing to send, the dialog simply closes.
    if (Object.keys(built.body).length === 0) return onCancel();
    setPending(true);
    try {
      onSaved(await updateLink(link, built.body));
    } catch (error) {
      const failure = asApiError(error, "The link could not be saved. Try again.");
      const byField = new Map<DraftField, string>();
      for (const [apiField, message] of fieldErrorsOf(failure)) {
        // A refused UTM change of a static link names "utm": the UTM fields are the first of them.
        const field = apiField === "utm" ? "utm_source" : draftFieldOf(apiField);
        if (field && !byField.has(field)) byField.set(field, message);
      }
      setErrors(byField);
      setProblem(
        byField.size > 0
          ? { message: "The link was not saved. Check the highlighted fields." }
          : { message: failure.message, hint: failure.hint },
      );
      focusFirstInvalid(byField);
      setPending(false);
    }
  };

  return (
    <dialog
      ref={dialog}
      class="dialog dialog-edit"
      aria-labelledby="edit-link-title"
      // Escape (the cancel event) and any other close end the dialog the same way.
      onClose={onCancel}
    >
      <h2 id="edit-link-title">
        Edit <span class="break-anywhere">{link.shortUrl}</span>
      </h2>
      <form
        class="edit-form"
        onSubmit={submit}
        noValidate
        aria-labelledby="edit-link-title"
        aria-describedby={problem ? "edit-problem" : undefined}
      >
        {link.isDynamic ? (
          <TextField
            id={editFieldId("url")}
            label="Destination URL"
            type="url"
            inputMode="url"
            required
            value={draft.url}
            onValue={(value) => change("url", value)}
            error={errors.get("url")}
            autoComplete="url"
            maxLength={4096}
          />
        ) : (
          <div class="edit-static-destination">
            <p class="field-label">Destination URL</p>
            <p class="edit-static-value break-anywhere">{link.destinationUrl}</p>
            <p class="field-hint">
              A static link’s destination cannot change: browsers cache its redirect. Create a new link to
              send visitors elsewhere.
            </p>
          </div>
        )}

        <div class="field-grid">
          <TextField
            id={editFieldId("name")}
            label="Name"
            value={draft.name}
            onValue={(value) => change("name", value)}
            error={errors.get("name")}
            hint="Only you see it, in this list."
            maxLength={200}
            autoComplete="off"
          />
          <LinkDomainField
            id={editFieldId("domain")}
            value={draft.domain}
            domains={choices.domains}
            onValue={(value) => change("domain", value)}
            error={errors.get("domain")}
            hint={
              link.qr
                ? "A QR code points at this link: it stays on its domain so printed codes keep working."
                : "Another domain changes the short URL; the old one stops working."
            }
          />
          <TextField
            id={editFieldId("tags")}
            label="Tags"
            value={draft.tags}
            onValue={(value) => change("tags", value)}
            error={errors.get("tags")}
            hint="Separate tags with commas."
            autoComplete="off"
          />
          {(choices.campaigns.length > 0 || draft.campaign_id !== "") && (
            <SelectField
              id={editFieldId("campaign_id")}
              label="Campaign"
              optional
              value={draft.campaign_id}
              onValue={(value) => change("campaign_id", value)}
              error={errors.get("campaign_id")}
              options={[
                { value: "", label: "No campaign" },
                ...choices.campaigns.map((campaign) => ({ value: campaign.id, label: campaign.name })),
                // Its campaign before the list has loaded: the select must still show it.
                ...(draft.campaign_id && !choices.campaigns.some((c) => c.id === draft.campaign_id)
                  ? [{ value: draft.campaign_id, label: "Current campaign" }]
                  : []),
              ]}
            />
          )}
        </div>

        {link.isDynamic && <UtmFields draft={draft} errors={errors} onChange={change} idOf={editFieldId} />}
        <LinkOptionsFields
          draft={draft}
          errors={errors}
          onChange={change}
          idOf={editFieldId}
          // A static link cannot become dynamic; a dynamic one may become static.
          omit={link.isDynamic ? [] : ["is_dynamic"]}
          passwordLabel={link.passwordProtected ? "New password" : "Password"}
        />
        {link.passwordProtected && (
          <CheckboxField
            id="edit-remove-password"
            label="Remove the password"
            checked={removePassword}
            onChecked={setRemovePassword}
            hint="Visitors are sent on without being asked. Leave unchecked and the new password empty to keep it."
          />
        )}

        <p class="field-hint">
          Rules by language, place or device, app deep links and the social preview card:{" "}
          <AppLink href={routingHref(link.shortCode)}>Routing</AppLink>
        </p>
        {problem && (
          <div id="edit-problem" class="notice notice-error" role="alert">
            <p class="notice-title">{problem.message}</p>
            {problem.hint && <p class="notice-hint">{problem.hint}</p>}
          </div>
        )}
        <div class="dialog-actions">
          <span class="form-pending" role="status">
            {pending ? "Saving…" : ""}
          </span>
          <button type="button" class="button button-secondary" onClick={onCancel}>
            Cancel
          </button>
          <button type="submit" class="button" aria-disabled={pending ? true : undefined}>
            Save changes
          </button>
        </div>
      </form>
    </dialog>
  );
}
