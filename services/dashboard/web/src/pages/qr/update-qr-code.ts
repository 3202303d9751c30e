import { api } from "../../api/client";
import { readData } from "../../api/read-data";
import type { UpdateQrBody } from "./qr-code";

/** Changes a stored code: its look and name always, its content only when it is dynamic. */
export async function updateQrCode(id: string, body: UpdateQrBody) {
  const data = await readData(api.PATCH("/api/v1/qr-codes/{id}", { params: { path: { id } }, body }));
  return data.qrCode;
}
