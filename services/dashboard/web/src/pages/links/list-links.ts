import { api } from "../../api/client";
import { readData } from "../../api/read-data";
import type { LinksQuery } from "./links-query";

/** One page of the account's short links, as the list shows them. */
export function listLinks(query: LinksQuery, signal: AbortSignal) {
  return readData(
    api.GET("/api/v1/urls", {
      params: {
        query: {
          page: query.page,
          limit: query.limit,
          sortBy: query.sortBy,
          order: query.order,
          ...(query.search ? { search: query.search } : {}),
          ...(query.tag ? { tag: query.tag } : {}),
          ...(query.campaign ? { campaign_id: query.campaign } : {}),
          ...(query.domain ? { domain: query.domain } : {}),
        },
      },
      signal,
    }),
  );
}
