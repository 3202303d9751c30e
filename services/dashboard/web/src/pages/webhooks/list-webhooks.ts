import { api } from "../../api/client";
import { readData } from "../../api/read-data";

export const WEBHOOKS_PER_PAGE = 20;

/** One page of the account's webhook endpoints, newest first. */
export function listWebhooks(page: number, signal: AbortSignal) {
  return readData(
    api.GET("/api/v1/webhooks", { params: { query: { page, limit: WEBHOOKS_PER_PAGE } }, signal }),
  );
}
