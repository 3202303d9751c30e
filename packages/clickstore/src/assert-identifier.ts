import { AppError } from "@kurz/errors";

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]{0,127}$/;

/**
 * Database and table names cannot be query parameters everywhere (INSERT INTO takes them
 * verbatim), so they are restricted to plain identifiers, optionally `database.table`.
 */
export function assertIdentifier(kind: string, value: string, options: { qualified?: boolean } = {}): void {
  const parts = options.qualified ? value.split(".") : [value];
  if (parts.length > 2 || !parts.every((part) => IDENTIFIER.test(part))) {
    throw new AppError("VALIDATION_ERROR", {
      message: `Invalid ${kind} name`,
      details: { [kind]: value },
    });
  }
}
