import { api } from "../../api/client";
import { readData } from "../../api/read-data";

/** Renames a workspace (admins and owners). */
export async function renameWorkspace(id: string, name: string) {
  const data = await readData(
    api.PATCH("/api/v1/workspaces/{id}", { params: { path: { id } }, body: { name } }),
  );
  return data.workspace;
}
