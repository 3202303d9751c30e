import { parse } from "csv-parse/browser/esm/sync";
import { detectImportFormat } from "./detect-import-format";
import type { ImportFormat } from "./import-formats";

/** How much of the file detection and the CSV preview read (link-import detects from as much). */
const HEAD_BYTES = 64 * 1024;
/** A JSON export is read whole for its preview only up to this size (JSON has no "first lines"). */
const JSON_PREVIEW_MAX_BYTES = 2 * 1024 * 1024;
export const PREVIEW_ROWS = 5;
/** Columns of a JSON object shown: the first ones of the first object. */
const JSON_PREVIEW_COLUMNS = 6;

export interface ExportPreview {
  /** The format the file's first bytes show; undefined when they fit none (or more than one). */
  detected: ImportFormat | undefined;
  /** The header (CSV) or the first object's keys (JSON); empty when nothing could be read. */
  columns: string[];
  rows: string[][];
}

/** The first CSV rows, read as link-import reads them (BOM dropped, cells trimmed, short rows allowed). */
function previewCsv(head: string): Pick<ExportPreview, "columns" | "rows"> {
  try {
    const records = parse(head, {
      bom: true,
      trim: true,
      relax_column_count: true,
      skip_empty_lines: true,
      // The head may end inside a row: only whole rows before that are wanted.
      to: PREVIEW_ROWS + 1,
    }) as string[][];
    const [columns = [], ...rows] = records;
    return { columns, rows };
  } catch {
    return { columns: [], rows: [] };
  }
}

const cellText = (value: unknown): string => {
  if (value === null || value === undefined) return "";
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
};

/** The first link objects of a Kutt answer (`data`) or a Rebrandly list. */
function previewJson(text: string): Pick<ExportPreview, "columns" | "rows"> {
  try {
    const document: unknown = JSON.parse(text);
    const list = Array.isArray(document) ? document : (document as { data?: unknown } | null)?.data;
    if (!Array.isArray(list)) return { columns: [], rows: [] };
    const objects = list
      .slice(0, PREVIEW_ROWS)
      .filter((item): item is Record<string, unknown> => typeof item === "object" && item !== null);
    const columns = Object.keys(objects[0] ?? {}).slice(0, JSON_PREVIEW_COLUMNS);
    return { columns, rows: objects.map((object) => columns.map((column) => cellText(object[column]))) };
  } catch {
    return { columns: [], rows: [] };
  }
}

/** What the page can tell of a chosen file before uploading it: its format and first rows. */
export async function readExportPreview(file: File): Promise<ExportPreview> {
  const head = await file.slice(0, HEAD_BYTES).text();
  const detected = detectImportFormat(head);
  const opening = head.replace(/^\uFEFF/, "").trimStart()[0];
  if (opening === "[" || opening === "{") {
    if (file.size > JSON_PREVIEW_MAX_BYTES) return { detected, columns: [], rows: [] };
    return { detected, ...previewJson(await file.text()) };
  }
  return { detected, ...previewCsv(head) };
}
