import { api } from "../../api/client";
import { readData } from "../../api/read-data";

/** How many codes the account has, and how many its plan allows. */
export function getQrStats(signal: AbortSignal) {
  return readData(api.GET("/api/v1/qr-codes/stats", { signal }));
}
