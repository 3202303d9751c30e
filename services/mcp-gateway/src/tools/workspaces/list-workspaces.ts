import { z } from "zod";
import { defineTool, READ_ONLY } from "../tool-definition";
import { toWorkspaceOutput, workspaceSchema } from "./workspace-output";

export const listWorkspaces = defineTool({
  name: "listWorkspaces",
  title: "List workspaces",
  description:
    "Lists the workspaces you belong to, with your role in each (an API key: only its own workspace, with its role ceiling). Every other tool acts in the workspace of your key or token; changes nothing.",
  input: {},
  output: { workspaces: z.array(workspaceSchema) },
  annotations: READ_ONLY,
  scope: "account:read",
  async run(clients) {
    const { workspaces } = await clients.workspaces.listWorkspaces({});
    return { workspaces: workspaces.map(toWorkspaceOutput) };
  },
});
