import { AppError } from "@kurz/errors";
import { z } from "zod";
import type { TimeRangeInput } from "../analytics/resolve-time-range";

const isoDate = z
  .string()
  .refine(
    (value) =>
      /^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(value) &&
      !Number.isNaN(Date.parse(value)),
    {
      message: "expected an ISO 8601 date or date-time",
    },
  )
  .transform((value) => new Date(value));

const flag = z.enum(["true", "false", "1", "0"]).transform((value) => value === "true" || value === "1");

/** Query parameters the analytics routes share; unknown ones are refused so typos surface. */
export const analyticsQuerySchema = z
  .object({
    period: z
      .enum(["7d", "30d", "90d", "1y"])
      .describe(
        "The last N days up to now: from the UTC midnight on or before now minus N days to the next whole hour (default 7d)",
      )
      .optional(),
    startDate: isoDate.optional(),
    endDate: isoDate.optional(),
    granularity: z.enum(["hour", "day", "week", "month"]).optional(),
    limit: z.coerce.number().int().min(1).max(500).optional(),
    page: z.coerce.number().int().min(1).max(1_000_000).optional(),
    includeBots: flag.optional(),
    order: z.enum(["clicks", "uniqueVisitors"]).optional(),
    host: z.string().min(1).max(253).optional(),
    days: z.coerce.number().int().min(1).max(366).optional(),
  })
  .strict();

export type AnalyticsQuery = z.output<typeof analyticsQuerySchema>;

export function parseAnalyticsQuery(query: unknown): AnalyticsQuery {
  return parseQueryWith(analyticsQuerySchema, query);
}

/** A route's query parsed with its schema; refused as VALIDATION_ERROR naming each issue. */
export function parseQueryWith<S extends z.ZodType>(schema: S, query: unknown): z.output<S> {
  const result = schema.safeParse(query ?? {});
  if (!result.success) {
    throw new AppError("VALIDATION_ERROR", {
      message: "Invalid query parameters",
      details: {
        issues: result.error.issues.map((issue) => ({ path: issue.path.join("."), message: issue.message })),
      },
    });
  }
  return result.data;
}

export function rangeOf(query: AnalyticsQuery): TimeRangeInput {
  return {
    period: query.period,
    start: query.startDate,
    end: query.endDate,
    granularity: query.granularity,
  };
}
