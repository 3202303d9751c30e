import { api } from "../../api/client";
import { readData } from "../../api/read-data";
import type { QrListQuery } from "./qr-list-query";

/** One page of the account's QR codes, newest first. */
export function listQrCodes(query: QrListQuery, signal: AbortSignal) {
  return readData(
    api.GET("/api/v1/qr-codes", {
      params: {
        query: { page: query.page, limit: query.limit, ...(query.type ? { type: query.type } : {}) },
      },
      signal,
    }),
  );
}
