import { SelectField } from "../../components/select-field";
import { TextField } from "../../components/text-field";
import { updateSearch } from "../../router";
import { ACTION_LABELS } from "./audit-actions";
import { type AuditLogQuery, hasAuditLogFilters } from "./audit-log-query";

const ACTION_OPTIONS = [
  { value: "", label: "Any action" },
  ...Object.entries(ACTION_LABELS).map(([value, label]) => ({
    value,
    label: `${label[0]?.toUpperCase() ?? ""}${label.slice(1)}`,
  })),
];

/** The action and the days shown; each choice writes to the URL, so a filtered view is a link. */
export function AuditLogFilters({ query }: { query: AuditLogQuery }) {
  const actionOptions = ACTION_OPTIONS.some((option) => option.value === query.action)
    ? ACTION_OPTIONS
    : [...ACTION_OPTIONS, { value: query.action, label: query.action }];
  return (
    <search class="toolbar audit-log-filters" aria-label="Filter the audit log">
      <SelectField
        id="audit-action"
        label="Action"
        value={query.action}
        options={actionOptions}
        onValue={(action) => updateSearch({ action })}
      />
      <TextField
        id="audit-from"
        label="From"
        type="date"
        value={query.from}
        max={query.to || undefined}
        onValue={(from) => updateSearch({ from }, { replace: true })}
      />
      <TextField
        id="audit-to"
        label="To"
        type="date"
        value={query.to}
        min={query.from || undefined}
        hint="Included"
        onValue={(to) => updateSearch({ to }, { replace: true })}
      />
      {hasAuditLogFilters(query) && (
        <button
          type="button"
          class="button button-secondary"
          onClick={() => updateSearch({ action: undefined, from: undefined, to: undefined })}
        >
          Clear filters
        </button>
      )}
    </search>
  );
}
