import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { errorCatalog, GrpcStatus } from "../src";

const README = new URL("../README.md", import.meta.url);
const START =
  "<!-- error-catalog:start (generated from src/codes.ts; test/readme-error-table.test.ts checks it) -->";
const END = "<!-- error-catalog:end -->";

const grpcName = (status: number) =>
  Object.entries(GrpcStatus).find(([, value]) => value === status)?.[0] ?? String(status);

/** The catalog as the README shows it, columns padded so the source reads as a table too. */
function renderCatalogTable(): string {
  const rows = Object.entries(errorCatalog).map(([code, entry]) => [
    `\`${code}\``,
    String(entry.http),
    `\`${grpcName(entry.grpc)}\``,
    entry.retryable ? "yes" : "no",
    entry.message,
  ]);
  const header = ["code", "HTTP", "gRPC status", "retryable", "default message"];
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => row[column]?.length ?? 0)),
  );
  const line = (cells: string[]) => `| ${cells.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join(" | ")} |`;
  return [line(header), line(widths.map((width) => "-".repeat(width))), ...rows.map(line)].join("\n");
}

describe("README error table", () => {
  it("shows exactly the catalog's codes, HTTP and gRPC statuses, retryability and messages", () => {
    const text = readFileSync(README, "utf8");
    const start = text.indexOf(START);
    const end = text.indexOf(END);
    expect(start, "README lacks the error-catalog markers").toBeGreaterThanOrEqual(0);
    expect(end).toBeGreaterThan(start);
    // On failure, paste the expected side of the diff between the markers.
    expect(text.slice(start + START.length, end).trim()).toBe(renderCatalogTable());
  });
});
