import { z } from "zod";
import { defineTool } from "../tool-definition";
import { invitationSchema, roleParam, toInvitationOutput } from "./workspace-output";

export const inviteMember = defineTool({
  name: "inviteMember",
  title: "Invite someone to the workspace",
  description:
    "Invites an e-mail address to the workspace with a role (admins and owners, never above their own role). Returns accept_url, the one-time link the person opens to join (valid 7 days, shown only now; e-mailed too when the server sends mail). Inviting an address again replaces its pending invitation; a member already is CONFLICT, past the plan's members QUOTA_EXCEEDED.",
  input: {
    email: z
      .email()
      .max(254)
      .describe("The invited person's e-mail address")
      .meta({ examples: ["sam@example.com"] }),
    role: roleParam,
  },
  output: { invitation: invitationSchema },
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  scope: "account:write",
  async run(clients, args) {
    const { invitation } = await clients.workspaces.createInvitation({ email: args.email, role: args.role });
    return { invitation: toInvitationOutput(invitation) };
  },
});
