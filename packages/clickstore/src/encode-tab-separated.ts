/** Characters ClickHouse's TabSeparated format needs escaped in a value (backslash first). */
const SPECIAL = /[\\\t\n\r\0]/;
const SPECIAL_ALL = /[\\\t\n\r\0]/g;
const ESCAPES: Record<string, string> = { "\\": "\\\\", "\t": "\\t", "\n": "\\n", "\r": "\\r", "\0": "\\0" };

function field(value: unknown, column: string): string {
  switch (typeof value) {
    case "string":
      return SPECIAL.test(value) ? value.replace(SPECIAL_ALL, (c) => ESCAPES[c] as string) : value;
    case "number":
      if (!Number.isFinite(value)) throw new TypeError(`column ${column}: ${value} is not a finite number`);
      return String(value);
    case "bigint":
      return value.toString();
    case "boolean":
      return value ? "1" : "0";
    default:
      if (value === null || value === undefined) return "\\N";
      throw new TypeError(`column ${column}: ${typeof value} values are not supported in inserts`);
  }
}

/**
 * Rows as ClickHouse `TabSeparated` text, values in `columns` order: strings escaped (backslash,
 * tab, newline, CR, NUL), booleans as 1/0, null/undefined as \N. The engine parses it several
 * times faster than JSONEachRow (no keys, no quoting), which is what bounds ingest on chDB.
 */
export function encodeTabSeparated(rows: readonly object[], columns: readonly string[]): string {
  const lines = new Array<string>(rows.length);
  for (let r = 0; r < rows.length; r++) {
    const row = rows[r] as Record<string, unknown>;
    let line = "";
    for (let c = 0; c < columns.length; c++) {
      const column = columns[c] as string;
      if (c > 0) line += "\t";
      line += field(row[column], column);
    }
    lines[r] = line;
  }
  return `${lines.join("\n")}\n`;
}
