import { api } from "../../api/client";
import { readData } from "../../api/read-data";
import type { CreateQrBody } from "./qr-code";

/** Stores a new QR code; the API answers with its record (and its first rendering). */
export async function createQrCode(body: CreateQrBody) {
  const data = await readData(api.POST("/api/v1/qr-codes", { body }));
  return data.qrCode;
}
