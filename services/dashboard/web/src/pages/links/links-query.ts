/** The list's view (search, sort, filter, paging), read from and written to the page's URL. */
export type SortBy = "created_at" | "clicks" | "name";
export type SortOrder = "asc" | "desc";

export interface LinksQuery {
  search: string;
  sortBy: SortBy;
  order: SortOrder;
  page: number;
  limit: number;
  tag: string;
  /** A campaign's id: the list call's campaign_id. */
  campaign: string;
  /** A host the links answer on (lowercase), "" for all. */
  domain: string;
}

export const PAGE_SIZES = [10, 20, 50, 100] as const;
export const DEFAULT_LIMIT = 20;
const SORTS: readonly SortBy[] = ["created_at", "clicks", "name"];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const HOST = /^[a-z0-9.-]{1,253}$/;

/** The API's own default direction for each sort: names A–Z, the rest largest/newest first. */
export const defaultOrder = (sortBy: SortBy): SortOrder => (sortBy === "name" ? "asc" : "desc");

function positiveInt(value: string | null, fallback: number, max: number): number {
  const parsed = Number(value);
  return Number.isInteger(parsed) && parsed >= 1 ? Math.min(parsed, max) : fallback;
}

export function readLinksQuery(params: URLSearchParams): LinksQuery {
  const sortParam = params.get("sort");
  const sortBy = SORTS.find((sort) => sort === sortParam) ?? "created_at";
  const orderParam = params.get("order");
  const order = orderParam === "asc" || orderParam === "desc" ? orderParam : defaultOrder(sortBy);
  const limit = positiveInt(params.get("limit"), DEFAULT_LIMIT, 100);
  return {
    search: (params.get("search") ?? "").trim().slice(0, 200),
    sortBy,
    order,
    page: positiveInt(params.get("page"), 1, 100_000),
    limit: PAGE_SIZES.some((size) => size === limit) ? limit : DEFAULT_LIMIT,
    tag: (params.get("tag") ?? "").trim().slice(0, 100),
    // Only a UUID: the API refuses anything else, and a hand-edited URL should not break the list.
    campaign: UUID.test(params.get("campaign") ?? "") ? (params.get("campaign") ?? "") : "",
    domain: HOST.test((params.get("domain") ?? "").toLowerCase())
      ? (params.get("domain") ?? "").toLowerCase()
      : "",
  };
}

/** URL parameters for a sort choice; the defaults are left out so plain views have plain URLs. */
export function sortParams(sortBy: SortBy, order: SortOrder) {
  return {
    sort: sortBy === "created_at" ? undefined : sortBy,
    order: order === defaultOrder(sortBy) ? undefined : order,
  };
}

export const hasFilters = (query: LinksQuery): boolean =>
  query.search !== "" || query.tag !== "" || query.campaign !== "" || query.domain !== "";

/** Everything the list call depends on, as one string (the data hook reloads when it changes). */
export const linksQueryKey = (query: LinksQuery): string => JSON.stringify(query);
