import { CheckboxField } from "../../components/checkbox-field";
import { EVENT_FAMILIES, PER_VISIT_TYPES } from "./event-types";
import type { EventType } from "./webhook";

interface EventTypeFieldsProps {
  /** Prefix of the checkboxes' ids; the first one is focused when the choice is refused. */
  idPrefix: string;
  chosen: ReadonlySet<EventType>;
  onChange: (chosen: ReadonlySet<EventType>) => void;
  error?: string | undefined;
}

export const eventTypeId = (idPrefix: string, type: string) => `${idPrefix}-event-${type.replace(".", "-")}`;

/**
 * The events an endpoint receives, as checkboxes grouped by family (one fieldset each, so a
 * screen reader hears "Links, Link created"), with a way to tick a whole family at once.
 */
export function EventTypeFields({ idPrefix, chosen, onChange, error }: EventTypeFieldsProps) {
  const errorId = `${idPrefix}-event_types-error`;
  const set = (types: readonly EventType[], on: boolean) => {
    const next = new Set(chosen);
    for (const type of types) {
      if (on) next.add(type);
      else next.delete(type);
    }
    onChange(next);
  };
  return (
    <fieldset class="fieldset" aria-describedby={error ? errorId : `${idPrefix}-events-hint`}>
      <legend>Events</legend>
      <p id={`${idPrefix}-events-hint`} class="fieldset-hint">
        Kurz sends a signed POST for each event you tick. “Link clicked” and “QR code scanned” send one
        request per click or scan: a busy link means as many requests.
      </p>
      {error && (
        <p id={errorId} class="field-error">
          {error}
        </p>
      )}
      <div class="webhook-event-families">
        {EVENT_FAMILIES.map((family) => {
          const types = family.types.map((entry) => entry.type);
          const all = types.every((type) => chosen.has(type));
          return (
            <fieldset key={family.key} class="webhook-event-family">
              <legend>{family.label}</legend>
              <button type="button" class="button button-ghost button-small" onClick={() => set(types, !all)}>
                {all ? "Clear all" : "Tick all"}
                <span class="visually-hidden"> {family.label.toLowerCase()} events</span>
              </button>
              {family.types.map((entry) => (
                <CheckboxField
                  key={entry.type}
                  id={eventTypeId(idPrefix, entry.type)}
                  label={entry.label}
                  checked={chosen.has(entry.type)}
                  onChecked={(on) => set([entry.type], on)}
                  hint={
                    PER_VISIT_TYPES.has(entry.type) ? `${entry.type} · one request per visit` : entry.type
                  }
                />
              ))}
            </fieldset>
          );
        })}
      </div>
    </fieldset>
  );
}
