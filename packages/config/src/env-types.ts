import { z } from "zod";

/** A TCP port from an env var ("0" means: let the OS choose, used by tests). */
export const port = (fallback: number) => z.coerce.number().int().min(0).max(65535).default(fallback);

/** zod 4: `.default()` gives the output value when the variable is absent. */
/** "true"/"1"/"yes" and "false"/"0"/"no", case-insensitive. */
export const booleanFromEnv = (fallback: boolean) =>
  z
    .string()
    .trim()
    .toLowerCase()
    .refine((v) => ["true", "1", "yes", "false", "0", "no"].includes(v), "expected true or false")
    .transform((v) => v === "true" || v === "1" || v === "yes")
    .default(fallback);

/** Comma-separated list, empty entries dropped. */
export const listFromEnv = (fallback: string[] = []) =>
  z
    .string()
    .transform((v) =>
      v
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .default(fallback);

/** Milliseconds, as a plain integer. */
export const durationMs = (fallback: number) => z.coerce.number().int().min(0).default(fallback);
