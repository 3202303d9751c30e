import { api } from "../../api/client";
import { readData } from "../../api/read-data";
import type { QrCode } from "./qr-code";

/** Deletes a QR code (and the short link a dynamic or protected one encodes). */
export function deleteQrCode(code: QrCode) {
  return readData(api.DELETE("/api/v1/qr-codes/{id}", { params: { path: { id: code.id } } }));
}
