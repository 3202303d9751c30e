import { z } from "zod";
import { defineTool, READ_ONLY } from "../tool-definition";
import { memberSchema, toMemberOutput } from "./workspace-output";

export const listMembers = defineTool({
  name: "listMembers",
  title: "List workspace members",
  description:
    "Lists the members of the workspace you act in, earliest first, with their user_id, e-mail, name and role (owner, admin, member or viewer). Any member may list them; changes nothing.",
  input: {},
  output: { members: z.array(memberSchema) },
  annotations: READ_ONLY,
  scope: "account:read",
  async run(clients) {
    const { members } = await clients.workspaces.listMembers({});
    return { members: members.map(toMemberOutput) };
  },
});
