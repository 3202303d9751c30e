import { api } from "../api/client";
import { readData } from "../api/read-data";

/** One workspace the person belongs to, with their role in it. */
export async function getWorkspace(id: string, signal: AbortSignal) {
  const data = await readData(api.GET("/api/v1/workspaces/{id}", { params: { path: { id } }, signal }));
  return data.workspace;
}
