import type { commonV1 } from "@kurz/proto";

export const MAX_PAGE_SIZE = 100;

/** PageRequest → page/limit: 0 means the default; the limit is clamped, as page.proto says. */
export function pageOf(page: commonV1.PageRequest | undefined): { page: number; limit: number } {
  return {
    page: Math.max(1, page?.page || 1),
    limit: Math.min(MAX_PAGE_SIZE, Math.max(1, page?.limit || 10)),
  };
}

export function pageInfoOf(page: { page: number; limit: number; total: number }) {
  return { page: page.page, limit: page.limit, total: BigInt(page.total) };
}
