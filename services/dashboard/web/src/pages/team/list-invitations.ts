import { api } from "../../api/client";
import { readData } from "../../api/read-data";

/** The workspace's pending invitations (never their links). */
export async function listInvitations(id: string, signal: AbortSignal) {
  const data = await readData(
    api.GET("/api/v1/workspaces/{id}/invitations", { params: { path: { id } }, signal }),
  );
  return data.invitations;
}
