import type { QrContentType } from "./qr-code";
import { QR_TYPES } from "./qr-types";

/** The list's view (paging and type filter), read from the page's URL. */
export interface QrListQuery {
  page: number;
  limit: number;
  type: QrContentType | "";
}

export const QR_PAGE_SIZE = 10;

export function readQrListQuery(params: URLSearchParams): QrListQuery {
  const page = Number(params.get("page"));
  const type = QR_TYPES.find((choice) => choice.value === params.get("type"))?.value ?? "";
  return {
    page: Number.isInteger(page) && page >= 1 ? Math.min(page, 100_000) : 1,
    limit: QR_PAGE_SIZE,
    type,
  };
}

/** Everything the list call depends on, as one string (the data hook reloads when it changes). */
export const qrListQueryKey = (query: QrListQuery): string => JSON.stringify(query);
