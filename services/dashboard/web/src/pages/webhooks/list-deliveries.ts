import { api } from "../../api/client";
import { readData } from "../../api/read-data";

export const DELIVERIES_PER_PAGE = 20;

/** One page of the endpoint's delivery log, newest first, each with its last attempt. */
export function listDeliveries(id: string, page: number, signal: AbortSignal) {
  return readData(
    api.GET("/api/v1/webhooks/{id}/deliveries", {
      params: { path: { id }, query: { page, limit: DELIVERIES_PER_PAGE } },
      signal,
    }),
  );
}
