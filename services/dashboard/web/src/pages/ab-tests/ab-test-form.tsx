import type { JSX } from "preact";
import { useState } from "preact/hooks";
import type { ApiError } from "../../api/api-error";
import { asApiError } from "../../components/as-api-error";
import { CheckboxField } from "../../components/checkbox-field";
import { ProblemNotice } from "../../components/problem-notice";
import { SelectField } from "../../components/select-field";
import { TextField } from "../../components/text-field";
import type { AbTest } from "./ab-test";
import {
  type AbTestDraft,
  type AbTestErrors,
  buildAbTestBody,
  emptyAbTestDraft,
  evenWeights,
  type LinkMode,
  MAX_VARIANTS,
  MIN_VARIANTS,
  newVariant,
  variantErrorKey,
  weightsOf,
} from "./ab-test-draft";
import { abTestFieldErrorsOf } from "./ab-test-field-errors";
import { createAbTest } from "./create-ab-test";
import { VariantFields } from "./variant-fields";

const FORM_ID = "new-ab-test";

/** The element that shows an error key's message, in the order a reader meets them. */
function fieldIdOf(key: string, draft: AbTestDraft): string | undefined {
  if (key === "name") return `${FORM_ID}-name`;
  if (key === "primary_url_id") return `${FORM_ID}-link`;
  if (key === "short_code") return `${FORM_ID}-alias`;
  if (key === "variants") return "ab-weights-total";
  const match = /^variants\.(\d+)\.(\w+)$/.exec(key);
  const variant = match ? draft.variants[Number(match[1])] : undefined;
  if (!match || !variant) return undefined;
  const field = match[2] === "traffic_weight" ? "weight" : match[2] === "name" ? "name" : "destination";
  return `ab-variant-${variant.key}-${field}`;
}

/**
 * Creates a test as a draft: its name, the link it runs on (an existing one, or a new rotator
 * link), and 2–10 variants with their share of visitors. Errors stand next to the field that
 * caused them; refusals naming no field stand under the button.
 */
export function AbTestForm({ onCreated }: { onCreated: (test: AbTest) => void }) {
  const [draft, setDraft] = useState<AbTestDraft>(emptyAbTestDraft);
  const [errors, setErrors] = useState<AbTestErrors>(new Map());
  const [problem, setProblem] = useState<ApiError | null>(null);
  const [pending, setPending] = useState(false);
  const problemId = `${FORM_ID}-problem`;

  const weights = weightsOf(draft.variants);
  const total = weights.reduce((sum, weight) => sum + (Number.isNaN(weight) ? 0 : weight), 0);

  const clear = (...keys: string[]) => {
    if (!keys.some((key) => errors.has(key))) return;
    setErrors((current) => {
      const next = new Map(current);
      for (const key of keys) next.delete(key);
      return next;
    });
  };

  const focusFirst = (found: AbTestErrors, shown: AbTestDraft) => {
    const order = [...document.querySelectorAll<HTMLElement>(`#${FORM_ID} [id]`)].map(
      (element) => element.id,
    );
    const ids = [...found.keys()]
      .map((key) => fieldIdOf(key, shown))
      .filter((id): id is string => id !== undefined)
      .sort((a, b) => order.indexOf(a) - order.indexOf(b));
    if (ids[0]) document.getElementById(ids[0])?.focus();
  };

  const set = <K extends keyof AbTestDraft>(field: K, value: AbTestDraft[K], errorKey: string) => {
    setDraft((current) => ({ ...current, [field]: value }));
    clear(errorKey);
  };

  const changeVariant = (index: number, field: "name" | "destination" | "weight", value: string) => {
    setDraft((current) => ({
      ...current,
      variants: current.variants.map((variant, at) =>
        at === index ? { ...variant, [field]: value } : variant,
      ),
    }));
    const apiField =
      field === "destination" ? "destination_url" : field === "weight" ? "traffic_weight" : "name";
    clear(variantErrorKey(index, apiField), ...(field === "weight" ? ["variants"] : []));
  };

  // Adding or removing a variant splits the visitors evenly again: the old split no longer adds up.
  const resize = (variants: AbTestDraft["variants"]) => {
    const split = evenWeights(variants.length);
    setDraft((current) => ({
      ...current,
      variants: variants.map((variant, index) => ({ ...variant, weight: split[index] ?? "0" })),
    }));
    // The errors name variants by position, which has just changed.
    setErrors(new Map());
  };

  const submit = async (event: JSX.TargetedSubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    setProblem(null);
    const built = buildAbTestBody(draft);
    if (!built.ok) {
      setErrors(built.errors);
      focusFirst(built.errors, draft);
      return;
    }
    setPending(true);
    try {
      const test = await createAbTest(built.body);
      setErrors(new Map());
      onCreated(test);
    } catch (error) {
      const failure = asApiError(error, "The test was not created. Try again.");
      const byField = abTestFieldErrorsOf(failure, draft.linkMode);
      setErrors(byField);
      setProblem(failure);
      if (byField.size > 0) focusFirst(byField, draft);
    } finally {
      setPending(false);
    }
  };

  const weightsError = errors.get("variants");

  return (
    <form
      id={FORM_ID}
      class="stack-form"
      onSubmit={submit}
      noValidate
      aria-describedby={problem ? problemId : undefined}
    >
      <div class="field-grid">
        <TextField
          id={`${FORM_ID}-name`}
          label="Test name"
          required
          value={draft.name}
          onValue={(value) => set("name", value, "name")}
          error={errors.get("name")}
          maxLength={100}
          autoComplete="off"
        />
        <SelectField
          id={`${FORM_ID}-confidence`}
          label="Confidence level"
          value={draft.confidence}
          onValue={(value) => set("confidence", value as AbTestDraft["confidence"], "confidence_level")}
          error={errors.get("confidence_level")}
          options={[
            { value: "90", label: "90%" },
            { value: "95", label: "95% (usual)" },
            { value: "99", label: "99%" },
          ]}
        />
      </div>

      <CheckboxField
        id={`${FORM_ID}-conversions`}
        label="Count conversions"
        checked={draft.conversions}
        onChecked={(checked) => set("conversions", checked, "conversions_enabled")}
        error={errors.get("conversions_enabled")}
        hint="Your landing pages report conversions with the visit's click id; on one of your links, its conversion tracking must be on. Without conversions there is no verdict."
      />

      <fieldset class="fieldset">
        <legend>Link to test</legend>
        <div class="ab-link-modes">
          {(
            [
              ["existing", "One of my links"],
              ["rotator", "A new link made for this test"],
            ] as const
          ).map(([mode, label]) => (
            <div key={mode} class="checkbox-field">
              <input
                type="radio"
                id={`${FORM_ID}-mode-${mode}`}
                name={`${FORM_ID}-mode`}
                value={mode}
                checked={draft.linkMode === mode}
                onChange={() =>
                  set("linkMode", mode as LinkMode, mode === "existing" ? "short_code" : "primary_url_id")
                }
              />
              <label for={`${FORM_ID}-mode-${mode}`}>{label}</label>
            </div>
          ))}
        </div>
        {draft.linkMode === "existing" ? (
          <TextField
            id={`${FORM_ID}-link`}
            label="Short link"
            required
            value={draft.link}
            onValue={(value) => set("link", value, "primary_url_id")}
            error={errors.get("primary_url_id")}
            hint="Its alias or short code, or the whole short URL."
            placeholder="spring-sale"
            maxLength={300}
            autoComplete="off"
            spellcheck={false}
          />
        ) : (
          <TextField
            id={`${FORM_ID}-alias`}
            label="Alias of the new link"
            value={draft.alias}
            onValue={(value) => set("alias", value, "short_code")}
            error={errors.get("short_code")}
            hint="Empty: a random short code. The new link counts against your plan's links."
            maxLength={100}
            autoComplete="off"
            spellcheck={false}
          />
        )}
      </fieldset>

      <fieldset class="fieldset" aria-describedby="ab-variants-hint">
        <legend>Variants</legend>
        <p id="ab-variants-hint" class="fieldset-hint">
          Visitors are split by the weights, which must add up to 100%. Variant A is the control the others
          are compared with.
        </p>
        <div class="ab-variants">
          {draft.variants.map((variant, index) => (
            <VariantFields
              key={variant.key}
              index={index}
              variant={variant}
              errors={errors}
              onChange={(field, value) => changeVariant(index, field, value)}
              onRemove={
                draft.variants.length > MIN_VARIANTS
                  ? () => {
                      resize(draft.variants.filter((_, at) => at !== index));
                      document.getElementById("ab-add-variant")?.focus();
                    }
                  : null
              }
            />
          ))}
        </div>
        <p
          id="ab-weights-total"
          tabIndex={-1}
          class={`ab-weights-total${total === 100 ? "" : " field-error"}`}
          aria-live="polite"
        >
          Total: {total}%
          {total === 100 ? "" : weightsError ? ` — ${weightsError}` : " — the weights must add up to 100%."}
        </p>
        <div class="form-actions">
          {draft.variants.length < MAX_VARIANTS && (
            <button
              id="ab-add-variant"
              type="button"
              class="button button-secondary button-small"
              onClick={() => resize([...draft.variants, newVariant("0")])}
            >
              Add a variant
            </button>
          )}
          <button
            type="button"
            class="button button-ghost button-small"
            onClick={() => resize(draft.variants)}
          >
            Split evenly
          </button>
        </div>
      </fieldset>

      <div class="form-actions">
        <button type="submit" class="button" aria-disabled={pending ? true : undefined}>
          Create test
        </button>
        <span class="form-pending" role="status">
          {pending ? "Creating…" : ""}
        </span>
      </div>
      {problem && <ProblemNotice id={problemId} title="The test was not created" error={problem} />}
    </form>
  );
}
