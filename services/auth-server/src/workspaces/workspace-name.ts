import { AppError } from "@kurz/errors";
import { nameProblem } from "@kurz/service-runtime";

/** A workspace's name, trimmed: 1–100 visible characters on one line (VALIDATION_ERROR else). */
export function workspaceNameOf(value: unknown): string {
  const name = typeof value === "string" ? value.trim() : "";
  const problem =
    typeof value !== "string"
      ? "name must be a string"
      : name === ""
        ? "name must not be empty"
        : name.length > 100
          ? "name must be at most 100 characters"
          : nameProblem(name);
  if (problem) {
    throw new AppError("VALIDATION_ERROR", {
      message: problem.startsWith("name") ? problem : `name ${problem}`,
      details: { fields: { name: problem } },
    });
  }
  return name;
}
