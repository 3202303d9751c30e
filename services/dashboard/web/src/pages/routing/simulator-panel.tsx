import type { JSX } from "preact";
import { useState } from "preact/hooks";
import type { ApiError } from "../../api/api-error";
import { fieldErrorsOf } from "../../api/field-errors";
import { asApiError } from "../../components/as-api-error";
import { ErrorNotice } from "../../components/error-notice";
import { TextField } from "../../components/text-field";
import type { ShortUrl } from "../links/short-url";
import { fromLocalInput } from "./rule-draft";
import { type SimulatedVisitor, type Simulation, simulateVisit } from "./simulate-visit";
import { SimulationResult } from "./simulation-result";
import { VISITOR_PRESETS } from "./visitor-presets";

interface VisitorDraft {
  userAgent: string;
  acceptLanguage: string;
  country: string;
  region: string;
  city: string;
  ip: string;
  referrer: string;
  query: string;
  at: string;
}

const EMPTY: VisitorDraft = {
  userAgent: "",
  acceptLanguage: "",
  country: "",
  region: "",
  city: "",
  ip: "",
  referrer: "",
  query: "",
  at: "",
};

/** The visitor as the simulator takes it: only the fields given. */
function visitorOf(draft: VisitorDraft): SimulatedVisitor {
  const visitor: SimulatedVisitor = {};
  const set = (name: Exclude<keyof SimulatedVisitor, "query">, value: string) => {
    if (value.trim()) visitor[name] = value.trim();
  };
  set("user_agent", draft.userAgent);
  set("accept_language", draft.acceptLanguage);
  set("country", draft.country.toUpperCase());
  set("region", draft.region.toUpperCase());
  set("city", draft.city);
  set("ip", draft.ip);
  set("referrer", draft.referrer);
  if (draft.at) set("at", fromLocalInput(draft.at));
  const query = new URLSearchParams(draft.query.trim().replace(/^\?/, ""));
  if ([...query.keys()].length > 0) visitor.query = Object.fromEntries(query);
  return visitor;
}

/**
 * Asks the API where the saved link sends a visitor and why, through the redirector's own
 * decision: unsaved changes are not simulated, which the panel says.
 */
export function SimulatorPanel({ link }: { link: ShortUrl }) {
  const [draft, setDraft] = useState<VisitorDraft>(EMPTY);
  const [result, setResult] = useState<Simulation | null>(null);
  const [failure, setFailure] = useState<ApiError | null>(null);
  // The API's refusals by its field names (country, ip, at, …), shown at the inputs.
  const errors = failure ? fieldErrorsOf(failure) : new Map<string, string>();
  const [pending, setPending] = useState(false);
  // Answers shown so far: tells one answer from the next when both say the same.
  const [answers, setAnswers] = useState(0);
  const set = (field: keyof VisitorDraft) => (value: string) =>
    setDraft((current) => ({ ...current, [field]: value }));

  const submit = async (event: JSX.TargetedSubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    setPending(true);
    setFailure(null);
    try {
      setResult(await simulateVisit(link, visitorOf(draft)));
    } catch (error) {
      setResult(null);
      setFailure(asApiError(error, "The visit could not be simulated. Try again."));
    }
    setPending(false);
    setAnswers((n) => n + 1);
  };

  return (
    <section class="section routing-simulator" aria-labelledby="simulator-title">
      <h2 id="simulator-title">Simulator</h2>
      <p class="muted">
        Where does a visitor go, and why? This simulates the saved link. Save to simulate your changes.
      </p>
      <fieldset class="routing-presets">
        <legend class="visually-hidden">Visitor presets</legend>
        {VISITOR_PRESETS.map((preset) => (
          <button
            key={preset.id}
            type="button"
            class="button button-secondary button-small"
            onClick={() =>
              setDraft((current) => ({
                ...current,
                userAgent: preset.userAgent,
                acceptLanguage: preset.acceptLanguage || current.acceptLanguage,
              }))
            }
          >
            {preset.label}
          </button>
        ))}
      </fieldset>
      <form class="stack-form" onSubmit={submit} noValidate aria-labelledby="simulator-title">
        <TextField
          id="sim-user-agent"
          label="User agent"
          value={draft.userAgent}
          onValue={set("userAgent")}
          error={errors.get("user_agent")}
          autoComplete="off"
        />
        <TextField
          id="sim-accept-language"
          label="Accept-Language"
          value={draft.acceptLanguage}
          onValue={set("acceptLanguage")}
          error={errors.get("accept_language")}
          hint="As a browser sends it: de-DE,de;q=0.9,en;q=0.8"
          autoComplete="off"
        />
        <div class="field-grid">
          <TextField
            id="sim-country"
            label="Country"
            value={draft.country}
            onValue={set("country")}
            error={errors.get("country")}
            hint="DE"
            maxLength={2}
            autoComplete="off"
          />
          <TextField
            id="sim-region"
            label="Region"
            value={draft.region}
            onValue={set("region")}
            error={errors.get("region")}
            hint="DE-BY"
            autoComplete="off"
          />
          <TextField
            id="sim-city"
            label="City"
            value={draft.city}
            onValue={set("city")}
            error={errors.get("city")}
            autoComplete="off"
          />
          <TextField
            id="sim-ip"
            label="IP address"
            value={draft.ip}
            onValue={set("ip")}
            error={errors.get("ip")}
            autoComplete="off"
          />
        </div>
        <TextField
          id="sim-referrer"
          label="Referrer"
          type="url"
          value={draft.referrer}
          onValue={set("referrer")}
          error={errors.get("referrer")}
          autoComplete="off"
        />
        <TextField
          id="sim-query"
          label="Query string"
          value={draft.query}
          onValue={set("query")}
          error={errors.get("query")}
          hint="utm_source=newsletter&ref=app"
          autoComplete="off"
        />
        <TextField
          id="sim-at"
          label="Instant"
          type="datetime-local"
          value={draft.at}
          onValue={set("at")}
          error={errors.get("at")}
          hint="Your time zone; empty: now."
        />
        <div class="form-actions">
          <button type="submit" class="button" aria-disabled={pending ? true : undefined}>
            Simulate visit
          </button>
          <button type="button" class="button button-ghost" onClick={() => setDraft(EMPTY)}>
            Clear
          </button>
        </div>
      </form>
      <div
        aria-live="polite"
        class="routing-simulation-region"
        data-testid="simulation"
        data-answers={answers}
      >
        {pending ? (
          <p class="muted">Simulating…</p>
        ) : failure ? (
          <ErrorNotice error={failure} title="The visit could not be simulated" />
        ) : result ? (
          <SimulationResult result={result} />
        ) : null}
      </div>
    </section>
  );
}
