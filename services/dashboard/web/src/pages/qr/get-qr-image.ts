import { api } from "../../api/client";
import { readData } from "../../api/read-data";
import type { QrImageFormat } from "./qr-code";

/**
 * A stored code's image as the server renders it (the page never draws QR codes itself).
 * Revalidated every time: the API lets browsers cache images for a minute, and a code whose
 * colours were just saved must not show its old look.
 */
export function getQrImage(id: string, format: QrImageFormat, signal?: AbortSignal, size?: number) {
  return readData(
    api.GET("/api/v1/qr-codes/{id}/image", {
      params: { path: { id }, query: { format, ...(size ? { size } : {}) } },
      parseAs: "blob",
      cache: "no-cache",
      ...(signal ? { signal } : {}),
    }),
  ) as Promise<Blob>;
}
