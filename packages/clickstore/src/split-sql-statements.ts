/**
 * Splits a migration file into statements at `;` that ends a line (trailing spaces and a `--`
 * comment allowed after it). Only line ends count, so a `;` inside a string literal mid-line
 * stays put. A line ending in `;` inside a multi-line string or a `--` comment ends the
 * statement too: keep such lines out of migrations.
 * Chunks holding only comments and whitespace are dropped.
 */
export function splitSqlStatements(sql: string): string[] {
  return sql
    .split(/;[ \t]*(?:--[^\n]*)?(?:\r?\n|$)/)
    .map((chunk) => chunk.trim())
    .filter((chunk) => stripComments(chunk).trim().length > 0);
}

function stripComments(sql: string): string {
  return sql.replace(/\/\*[\s\S]*?\*\//g, "").replace(/--[^\n]*/g, "");
}
