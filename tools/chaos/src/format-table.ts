import type { InvariantRow } from "./check-invariants";

/** The fault × invariant table, as printed and as pasted into the README (Markdown). */
export function formatTable(rows: InvariantRow[]): string {
  const header = ["fault", "invariant", "expected", "observed", "lost", "duplicated", "verdict", "note"];
  const lines = rows.map((row) => [
    row.fault,
    row.invariant,
    String(row.expected),
    String(row.observed),
    String(row.lost),
    String(row.duplicated),
    row.verdict,
    (row.note ?? "").replaceAll("|", "/"),
  ]);
  const widths = header.map((title, i) => Math.max(title.length, ...lines.map((line) => line[i]!.length)));
  const render = (cells: string[]) => `| ${cells.map((cell, i) => cell.padEnd(widths[i]!)).join(" | ")} |`;
  return [render(header), render(widths.map((width) => "-".repeat(width))), ...lines.map(render)].join("\n");
}

/** A run passes when no invariant was violated (faults that could not run are listed, not failed). */
export function isClean(rows: InvariantRow[]): boolean {
  return rows.every((row) => row.verdict !== "VIOLATED");
}
