import { api } from "../../api/client";
import { readData } from "../../api/read-data";

/** The workspace's members and their roles, earliest first. */
export async function listMembers(id: string, signal: AbortSignal) {
  const data = await readData(
    api.GET("/api/v1/workspaces/{id}/members", { params: { path: { id } }, signal }),
  );
  return data.members;
}
