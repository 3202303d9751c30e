import { z } from "zod";
import { defineTool } from "../tool-definition";
import { roleParam, userIdParam } from "./workspace-output";

export const updateMemberRole = defineTool({
  name: "updateMemberRole",
  title: "Change a member's role",
  description:
    "Gives a member of the workspace another role; it holds from their next request to Kurz. Admins and owners may do this, never above their own role; only owners make or unmake owners, and the last owner stays one (INVALID_STATE).",
  input: { user_id: userIdParam, role: roleParam },
  output: { user_id: z.string(), role: z.string(), previous_role: z.string() },
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  scope: "account:write",
  async run(clients, args) {
    const changed = await clients.workspaces.updateMember({ userId: args.user_id, role: args.role });
    return { user_id: changed.userId, role: changed.role, previous_role: changed.previousRole };
  },
});
