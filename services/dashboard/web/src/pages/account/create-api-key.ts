import { api } from "../../api/client";
import { readData } from "../../api/read-data";
import type { Role } from "../../components/workspace";

/**
 * Creates a key in the workspace the page acts in, doing at most `role` there; the answer is the
 * only time its secret is ever shown.
 */
export async function createApiKey(body: { name: string; permissions: string[]; role: Role }) {
  const data = await readData(api.POST("/api/v1/api-keys", { body }));
  return data.api_key;
}
