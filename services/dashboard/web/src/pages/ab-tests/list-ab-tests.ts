import { api } from "../../api/client";
import { readData } from "../../api/read-data";

export const AB_TESTS_PER_PAGE = 20;

/** One page of the account's A/B tests, newest first. */
export function listAbTests(page: number, signal: AbortSignal) {
  return readData(
    api.GET("/api/v1/ab-tests", { params: { query: { page, limit: AB_TESTS_PER_PAGE } }, signal }),
  );
}
