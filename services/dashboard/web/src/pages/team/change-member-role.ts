import { api } from "../../api/client";
import { readData } from "../../api/read-data";
import type { Role } from "../../components/workspace";

/** Gives a member another role (admins and owners; never above one's own). */
export async function changeMemberRole(id: string, userId: string, role: Role) {
  const data = await readData(
    api.PATCH("/api/v1/workspaces/{id}/members/{user_id}", {
      params: { path: { id, user_id: userId } },
      body: { role },
    }),
  );
  return data.member;
}
