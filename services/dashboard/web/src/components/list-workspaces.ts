import { api } from "../api/client";
import { readData } from "../api/read-data";

/** The workspaces the person belongs to, oldest membership first (whatever workspace the page acts in). */
export async function listWorkspaces(signal: AbortSignal) {
  const data = await readData(api.GET("/api/v1/workspaces", { signal }));
  return data.workspaces;
}
