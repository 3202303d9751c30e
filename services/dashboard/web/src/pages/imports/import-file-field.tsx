import type { JSX } from "preact";
import { useEffect, useRef, useState } from "preact/hooks";
import { formatFileSize } from "./format-file-size";

interface ImportFileFieldProps {
  id: string;
  file: File | null;
  error: string | undefined;
  onFile: (file: File | null) => void;
}

/**
 * The export to import: a file input, or a file dropped onto the field. The chosen file's name
 * and size are shown under it.
 */
export function ImportFileField({ id, file, error, onFile }: ImportFileFieldProps) {
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const chosenId = `${id}-chosen`;

  // The form was cleared: the input shows no file either.
  useEffect(() => {
    if (!file && input.current) input.current.value = "";
  }, [file]);

  const drop = (event: JSX.TargetedDragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    const dropped = event.dataTransfer?.files[0];
    if (dropped) onFile(dropped);
  };

  const allowDrop = (event: JSX.TargetedDragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(true);
  };

  const describedBy = [error && errorId, file && chosenId, hintId].filter(Boolean).join(" ");
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: dropping is a mouse shortcut; the file input is the keyboard's way
    <div
      class={["field", "import-drop", dragging && "import-drop-active", error && "field-invalid"]
        .filter(Boolean)
        .join(" ")}
      onDragOver={allowDrop}
      onDragLeave={() => setDragging(false)}
      onDrop={drop}
    >
      <label for={id}>Export file</label>
      <input
        ref={input}
        id={id}
        name={id}
        type="file"
        accept=".csv,.json,text/csv,application/json"
        required
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        onChange={(event) => onFile(event.currentTarget.files?.[0] ?? null)}
      />
      <p id={hintId} class="field-hint">
        A CSV or JSON export of Bitly, Dub, Short.io, Shlink, YOURLS, Kutt or Rebrandly, or a CSV with a url
        column. You can also drop the file here.
      </p>
      {file && (
        <p id={chosenId} class="import-file-chosen">
          <span class="strong">{file.name}</span> · {formatFileSize(file.size)}
        </p>
      )}
      {error && (
        <p id={errorId} class="field-error">
          {error}
        </p>
      )}
    </div>
  );
}
