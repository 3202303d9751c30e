import { api } from "../../api/client";
import { readData } from "../../api/read-data";

/** Deletes the workspace and everything in it (owners; never the person's own). */
export async function deleteWorkspace(id: string): Promise<void> {
  await readData(api.DELETE("/api/v1/workspaces/{id}", { params: { path: { id } } }));
}
