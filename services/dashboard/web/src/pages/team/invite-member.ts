import { api } from "../../api/client";
import { readData } from "../../api/read-data";
import type { Role } from "../../components/workspace";

/** Invites an address with a role; the answer carries the link to pass on, this once. */
export async function inviteMember(id: string, body: { email: string; role: Role }) {
  const data = await readData(
    api.POST("/api/v1/workspaces/{id}/invitations", { params: { path: { id } }, body }),
  );
  return data.invitation;
}
