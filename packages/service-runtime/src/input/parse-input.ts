import { AppError } from "@kurz/errors";
import type { z } from "zod";

/**
 * Validates a request mapped from proto with the same zod schema the REST route uses, so both
 * surfaces refuse the same inputs with the same messages (VALIDATION_ERROR, issues in details).
 */
export function parseInput<S extends z.ZodType>(schema: S, raw: unknown): z.output<S> {
  const result = schema.safeParse(raw);
  if (result.success) return result.data;
  const issues = result.error.issues.map((issue) => ({
    path: `/${issue.path.map(String).join("/")}`,
    message: issue.message,
  }));
  const first = issues[0];
  throw new AppError("VALIDATION_ERROR", {
    message: first ? `${first.path.slice(1) || "request"}: ${first.message}` : "Invalid input parameters",
    details: { issues },
  });
}

/** Proto3 strings are "" when unset: absent for the schemas. */
export function optionalText(value: string): string | undefined {
  return value === "" ? undefined : value;
}
