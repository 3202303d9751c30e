import { api } from "../api/client";
import { readData } from "../api/read-data";

/** A new workspace on the free plan, the person its owner. */
export async function createWorkspace(name: string) {
  const data = await readData(api.POST("/api/v1/workspaces", { body: { name } }));
  return data.workspace;
}
