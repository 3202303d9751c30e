import { z } from "zod";
import { defineTool, READ_ONLY } from "../tool-definition";
import { invitationSchema, toInvitationOutput } from "./workspace-output";

export const listInvitations = defineTool({
  name: "listInvitations",
  title: "List pending invitations",
  description:
    "Lists the workspace's pending invitations (not yet accepted, withdrawn or expired), oldest first: e-mail, role and expiry, never their links. Any member may list them; changes nothing.",
  input: {},
  output: { invitations: z.array(invitationSchema) },
  annotations: READ_ONLY,
  scope: "account:read",
  async run(clients) {
    const { invitations } = await clients.workspaces.listInvitations({});
    return { invitations: invitations.map(toInvitationOutput) };
  },
});
