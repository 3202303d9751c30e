/**
 * Writes a query's `{name:Type}` parameters into its SQL as typed literals
 * (`CAST('value' AS Type)`), for chDB's read sessions.
 *
 * Why: chdb 3.4 sends every parameterized query of the process through ONE queue (libchdb's
 * parameter binding is not isolated between connections), so bound queries never run in
 * parallel, whatever the number of sessions. A query without parameters is not queued. Measured
 * on the analytics bench (README there): the reports' independent statements on two sessions
 * take the wall time of the longer one instead of their sum.
 *
 * Safety: values are never spliced as SQL. Strings become single-quoted literals with `\` and
 * `'` escaped (the two characters ClickHouse's quoted-string syntax gives a meaning to), and
 * control characters as `\xHH`; numbers must be finite; anything else (objects, Dates, functions)
 * is refused. Every placeholder must have a value and every type must look like a type.
 * `test/inline-query-params.test.ts` checks that inlined and bound forms return the same values
 * for hostile strings.
 */
export function inlineQueryParams(sql: string, params: Record<string, unknown>): string {
  return sql.replace(PLACEHOLDER, (_match, name: string, type: string) => {
    if (!Object.hasOwn(params, name)) throw new Error(`No value for query parameter ${name}`);
    const value = params[name];
    if (type === "Identifier") return identifier(value, name);
    if (!TYPE.test(type)) throw new Error(`Unsupported type of query parameter ${name}: ${type}`);
    return `CAST(${literal(value, name)} AS ${type})`;
  });
}

/** `{name:Type}` as ClickHouse parses it; a type never holds braces. */
const PLACEHOLDER = /\{([A-Za-z_][A-Za-z0-9_]*):\s*([^{}]+?)\s*\}/g;
/** Type names, parentheses, commas, spaces, numbers and quoted time zones only. */
const TYPE = /^[A-Za-z][A-Za-z0-9_]*(\((?:[A-Za-z0-9_ ,()]|'[A-Za-z0-9_/+-]*')*\))?$/;

function literal(value: unknown, name: string): string {
  if (value === null || value === undefined) return "NULL";
  if (typeof value === "string") return quote(value);
  if (typeof value === "number") {
    if (!Number.isFinite(value)) throw new Error(`Query parameter ${name} is not a finite number`);
    return String(value);
  }
  if (typeof value === "bigint") return value.toString();
  if (typeof value === "boolean") return value ? "true" : "false";
  if (Array.isArray(value)) return `[${value.map((item) => literal(item, name)).join(", ")}]`;
  throw new Error(`Query parameter ${name} has a value that cannot be written as a literal`);
}

function quote(text: string): string {
  let out = "'";
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    if (char === "\\" || char === "'") out += `\\${char}`;
    else if (code < 0x20 || code === 0x7f) out += `\\x${code.toString(16).padStart(2, "0")}`;
    else out += char;
  }
  return `${out}'`;
}

function identifier(value: unknown, name: string): string {
  if (typeof value !== "string" || !/^[A-Za-z_][A-Za-z0-9_]*$/.test(value)) {
    throw new Error(`Query parameter ${name} is not a plain identifier`);
  }
  return `\`${value}\``;
}
