import { z } from "zod";
import { defineTool } from "../tool-definition";
import { userIdParam } from "./workspace-output";

export const removeMember = defineTool({
  name: "removeMember",
  title: "Remove a member",
  description:
    "Removes a member from the workspace (your own user_id: you leave it). From their next request they can no longer use it, their tokens included. Admins and owners remove members not above their own role; the last owner cannot go. Confirm with the user first.",
  input: { user_id: userIdParam },
  output: { removed: z.boolean(), user_id: z.string() },
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
  scope: "account:write",
  async run(clients, args) {
    await clients.workspaces.removeMember({ userId: args.user_id });
    return { removed: true, user_id: args.user_id };
  },
});
