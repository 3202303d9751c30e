import type { QrContentType } from "./qr-code";
import { QR_TYPES, typeLabel } from "./qr-types";

interface QrTypeChooserProps {
  value: QrContentType;
  onValue: (type: QrContentType) => void;
  /** A stored code keeps its type: the API cannot change it. */
  locked: boolean;
}

/**
 * The eight content types as one radio group: arrow keys move between them, and each says in
 * words what a scan does.
 */
export function QrTypeChooser({ value, onValue, locked }: QrTypeChooserProps) {
  if (locked) {
    return (
      <div class="fieldset qr-type-fixed">
        <p>
          <span class="strong">Content type:</span> {typeLabel(value)}
        </p>
        <p class="fieldset-hint">A saved code keeps its type.</p>
      </div>
    );
  }
  return (
    <fieldset class="fieldset qr-type-chooser" aria-describedby="qr-type-hint">
      <legend>Content type</legend>
      <p id="qr-type-hint" class="fieldset-hint">
        What happens when someone scans the code.
      </p>
      <div class="qr-type-options">
        {QR_TYPES.map((type) => (
          <div key={type.value} class="qr-type-option">
            <input
              type="radio"
              id={`qr-type-${type.value}`}
              name="qr-type"
              value={type.value}
              checked={value === type.value}
              onChange={() => onValue(type.value)}
              aria-describedby={`qr-type-${type.value}-hint`}
            />
            {/* The whole tile is the label; its name is the type, the line under it its description. */}
            <label for={`qr-type-${type.value}`}>
              <span class="qr-type-label">{type.label}</span>
              <span id={`qr-type-${type.value}-hint`} class="qr-type-hint" aria-hidden="true">
                {type.hint}
              </span>
            </label>
          </div>
        ))}
      </div>
    </fieldset>
  );
}
