import { z } from "zod";
import type { Page } from "../links/list-links";

export const paginationSchema = z
  .object({ page: z.number(), limit: z.number(), total: z.number(), totalPages: z.number() })
  .meta({ id: "Pagination" });

export function paginationOf(page: Page<unknown>): z.output<typeof paginationSchema> {
  return {
    page: page.page,
    limit: page.limit,
    total: page.total,
    totalPages: Math.ceil(page.total / page.limit),
  };
}
