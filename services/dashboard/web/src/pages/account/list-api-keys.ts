import { api } from "../../api/client";
import { readData } from "../../api/read-data";

/** The account's active API keys. */
export async function listApiKeys(signal: AbortSignal) {
  const data = await readData(api.GET("/api/v1/api-keys", { signal }));
  return data.api_keys;
}
