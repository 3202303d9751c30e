import { api } from "../../api/client";
import { readData } from "../../api/read-data";

/** One of the account's QR codes, to edit it. */
export async function getQrCode(id: string, signal: AbortSignal) {
  const data = await readData(api.GET("/api/v1/qr-codes/{id}", { params: { path: { id } }, signal }));
  return data.qrCode;
}
