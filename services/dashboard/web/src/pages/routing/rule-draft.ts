import { CONDITION_CHOICES, type ConditionType, type RedirectRule, type RuleCondition } from "./routing-link";

/** One condition as the form holds it: every type's inputs, so switching type keeps nothing stale. */
export interface ConditionDraft {
  /** Identifies the row for rendering; never sent. */
  key: string;
  type: ConditionType;
  /** Comma-separated list (language, country, …) or the chosen values (device, os, browser). */
  values: string;
  name: string;
  value: string;
  /** datetime-local value, the reader's time zone. */
  at: string;
}

export interface RuleDraft {
  /** The rule's id: generated once for a new rule, kept when it moves or is renamed. */
  id: string;
  name: string;
  destination: string;
  conditions: ConditionDraft[];
}

let counter = 0;
const nextKey = () => {
  counter += 1;
  return `c${counter}`;
};

/** A new rule's id: 12 random characters of the allowed alphabet, unique among `taken`. */
export function newRuleId(taken: readonly string[]): string {
  for (;;) {
    const bytes = crypto.getRandomValues(new Uint8Array(9));
    const id = `rule-${Array.from(bytes, (b) => (b % 36).toString(36)).join("")}`;
    if (!taken.includes(id)) return id;
  }
}

export function newCondition(type: ConditionType = "language"): ConditionDraft {
  return { key: nextKey(), type, values: "", name: "", value: "", at: "" };
}

export function newRule(taken: readonly string[]): RuleDraft {
  return { id: newRuleId(taken), name: "", destination: "", conditions: [newCondition()] };
}

const pad = (n: number) => String(n).padStart(2, "0");

/** An ISO instant as a datetime-local value in the reader's time zone. */
export function toLocalInput(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A datetime-local value as an ISO instant (UTC); empty when unreadable, which the API refuses. */
export function fromLocalInput(local: string): string {
  const date = new Date(local);
  return Number.isNaN(date.getTime()) ? "" : date.toISOString();
}

export function splitValues(values: string): string[] {
  return values
    .split(",")
    .map((value) => value.trim())
    .filter(Boolean);
}

function conditionDraftOf(condition: RuleCondition): ConditionDraft {
  const draft = newCondition(condition.type);
  if (condition.type === "query_param")
    return { ...draft, name: condition.name, value: condition.value ?? "" };
  if ("at" in condition) return { ...draft, at: toLocalInput(condition.at) };
  return { ...draft, values: condition.values.join(", ") };
}

export function ruleDraftsOf(rules: readonly RedirectRule[]): RuleDraft[] {
  return rules.map((rule) => ({
    id: rule.id,
    name: rule.name ?? "",
    destination: rule.destination_url,
    conditions: rule.conditions.map(conditionDraftOf),
  }));
}

function conditionOf(draft: ConditionDraft): RuleCondition {
  switch (draft.type) {
    case "query_param":
      return draft.value.trim() === ""
        ? { type: "query_param", name: draft.name.trim() }
        : { type: "query_param", name: draft.name.trim(), value: draft.value };
    case "after":
    case "before":
      return { type: draft.type, at: fromLocalInput(draft.at) };
    default: {
      const values = splitValues(draft.values);
      const choices = CONDITION_CHOICES[draft.type];
      // A closed vocabulary is offered as checkboxes: keep the order it is listed in.
      return { type: draft.type, values: choices ? choices.filter((c) => values.includes(c)) : values };
    }
  }
}

/** The whole `rules` array the API stores, in the order shown (first match wins). */
export function rulesOf(drafts: readonly RuleDraft[]): RedirectRule[] {
  return drafts.map((draft) => ({
    id: draft.id,
    ...(draft.name.trim() ? { name: draft.name.trim() } : {}),
    destination_url: draft.destination.trim(),
    conditions: draft.conditions.map(conditionOf),
  }));
}
