import type { LinksQuery } from "./links-query";

export type LinkExportFormat = "csv" | "jsonl";

/**
 * The relay's address of the links export with the list's filters (search, tag, campaign,
 * domain). Paging and sort are left out: the export holds every matching link, oldest first.
 */
export function linkExportHref(query: LinksQuery, format: LinkExportFormat): string {
  const params = new URLSearchParams({ format });
  if (query.search) params.set("search", query.search);
  if (query.tag) params.set("tag", query.tag);
  if (query.campaign) params.set("campaign_id", query.campaign);
  if (query.domain) params.set("domain", query.domain);
  return `/app/api/v1/urls/export?${params}`;
}
