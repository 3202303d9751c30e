import { z } from "zod";
import { defineTool } from "../tool-definition";

export const revokeInvitation = defineTool({
  name: "revokeInvitation",
  title: "Withdraw an invitation",
  description:
    "Withdraws a pending invitation: its link stops working at once. Admins and owners; an id that is not pending is NOT_FOUND.",
  input: {
    id: z
      .string()
      .uuid()
      .describe("The invitation's id (from listInvitations or inviteMember)")
      .meta({ examples: ["0b6f4f7e-8a51-4c6f-9d0e-2f4b7c1d9a33"] }),
  },
  output: { revoked: z.boolean(), id: z.string() },
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
  scope: "account:write",
  async run(clients, args) {
    await clients.workspaces.revokeInvitation({ id: args.id });
    return { revoked: true, id: args.id };
  },
});
