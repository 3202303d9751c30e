import type { JSX } from "preact";
import { useRef, useState } from "preact/hooks";
import { qrFieldId } from "./qr-draft";
import type { QrFieldsProps } from "./qr-fields-props";
import { readLogoFile } from "./read-logo-file";

/**
 * A logo for the centre of the code: read in the browser as the data: URL the API takes, after
 * the checks the API would make (type, 256 KB, 2048 px), so a wrong file costs no upload.
 */
export function QrLogoField({ draft, errors, onChange }: QrFieldsProps) {
  const id = qrFieldId("logo");
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [reading, setReading] = useState(false);
  const error = problem ?? errors.get("logo");
  const { logo } = draft;

  const choose = async (event: JSX.TargetedEvent<HTMLInputElement>) => {
    const file = event.currentTarget.files?.[0];
    if (!file) return;
    setReading(true);
    const read = await readLogoFile(file);
    setReading(false);
    if (read.ok) {
      setProblem(null);
      onChange("logo", { kind: "new", dataUrl: read.dataUrl, fileName: file.name });
    } else {
      setProblem(read.error);
      if (input.current) input.current.value = "";
    }
  };

  const remove = () => {
    setProblem(null);
    onChange("logo", { kind: "none" });
    if (input.current) input.current.value = "";
    input.current?.focus();
  };

  return (
    <div class={`field qr-logo-field${error ? " field-invalid" : ""}`}>
      <label for={id}>
        Logo
        <span class="optional" aria-hidden="true">
          {" "}
          (optional)
        </span>
      </label>
      <input
        ref={input}
        type="file"
        id={id}
        name={id}
        accept="image/png,image/jpeg"
        onChange={choose}
        aria-invalid={error ? true : undefined}
        aria-describedby={[error && `${id}-error`, `${id}-hint`].filter(Boolean).join(" ")}
      />
      {error && (
        <p id={`${id}-error`} class="field-error">
          {error}
        </p>
      )}
      <p id={`${id}-hint`} class="field-hint">
        PNG or JPEG, up to 256 KB and 2048 × 2048 pixels. It is placed in the centre of the code.
      </p>
      {reading && <p class="field-hint">Reading the image…</p>}
      {logo.kind !== "none" && (
        <div class="qr-logo-chosen">
          {logo.kind === "new" ? (
            <>
              <img src={logo.dataUrl} alt="" class="qr-logo-thumb" width={40} height={40} />
              <span class="break-anywhere">{logo.fileName}</span>
            </>
          ) : (
            <span>This code has a logo.</span>
          )}
          <button type="button" class="button button-secondary button-small" onClick={remove}>
            Remove logo
          </button>
        </div>
      )}
    </div>
  );
}
