import { api } from "../../api/client";
import { readData } from "../../api/read-data";

/** Revokes a key: calls made with it are refused from now on. */
export async function revokeApiKey(id: string): Promise<void> {
  await readData(api.DELETE("/api/v1/api-keys/{id}", { params: { path: { id } } }));
}
