import { api } from "../../api/client";
import { readData } from "../../api/read-data";

/** Withdraws a pending invitation: its link stops working. */
export async function withdrawInvitation(id: string, invitationId: string): Promise<void> {
  await readData(
    api.DELETE("/api/v1/workspaces/{id}/invitations/{invitation_id}", {
      params: { path: { id, invitation_id: invitationId } },
    }),
  );
}
