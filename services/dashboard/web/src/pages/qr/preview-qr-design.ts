import { api } from "../../api/client";
import { readData } from "../../api/read-data";
import type { CreateQrBody } from "./qr-code";

/**
 * The image the server would draw for a design, stored nowhere (POST /qr-codes/preview): no code
 * is created, nothing counts against the plan, so the designer can ask on every pause in typing.
 */
export function previewQrDesign(body: CreateQrBody, signal?: AbortSignal) {
  return readData(
    api.POST("/api/v1/qr-codes/preview", {
      body,
      parseAs: "blob",
      ...(signal ? { signal } : {}),
    }),
  ) as Promise<Blob>;
}
