import { api } from "../../api/client";
import { readData } from "../../api/read-data";

/** Takes a member out of the workspace; the person's own id: they leave it. */
export async function removeMember(id: string, userId: string): Promise<void> {
  await readData(
    api.DELETE("/api/v1/workspaces/{id}/members/{user_id}", { params: { path: { id, user_id: userId } } }),
  );
}
