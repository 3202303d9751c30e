import { api } from "../../api/client";
import { readData } from "../../api/read-data";

/** Creates a key; the answer is the only time its secret is ever shown. */
export async function createApiKey(body: { name: string; permissions: string[] }) {
  const data = await readData(api.POST("/api/v1/api-keys", { body }));
  return data.api_key;
}
