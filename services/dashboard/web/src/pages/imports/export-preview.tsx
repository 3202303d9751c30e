import type { ImportFormat } from "./import-formats";
import { formatLabel } from "./import-formats";
import { PREVIEW_ROWS, type ExportPreview as Preview } from "./read-export-preview";

interface ExportPreviewProps {
  preview: Preview | undefined;
  /** The format chosen in the form; "" is "Detect automatically". */
  chosen: ImportFormat | "";
}

/** What the browser read of the chosen file: its format and first rows, before anything is sent. */
export function ExportPreview({ preview, chosen }: ExportPreviewProps) {
  if (!preview) {
    return (
      <p class="muted" role="status">
        Reading the file…
      </p>
    );
  }
  const { detected, columns, rows } = preview;
  return (
    <div class="import-preview">
      <p class="import-detected" role="status">
        {detected ? (
          <>
            Detected format: <span class="strong">{formatLabel(detected)}</span>
          </>
        ) : (
          "The format could not be detected from the file's first lines: choose it below."
        )}
        {chosen && chosen !== detected && <> · Importing as {formatLabel(chosen)}</>}
      </p>
      {columns.length > 0 && rows.length > 0 ? (
        <div class="table-wrap">
          <table class="data-table import-preview-table">
            <caption class="import-preview-caption">
              First {Math.min(rows.length, PREVIEW_ROWS)} {rows.length === 1 ? "row" : "rows"} of the file
            </caption>
            <thead>
              <tr>
                {columns.map((column, index) => (
                  <th key={`${index}-${column}`} scope="col">
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row, rowIndex) => (
                <tr key={rowIndex}>
                  {columns.map((column, index) => (
                    <td key={`${index}-${column}`} data-label={column} class="break-anywhere">
                      {row[index] ?? ""}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p class="muted">No rows to preview: the file may be empty, or too large to read here.</p>
      )}
    </div>
  );
}
