import { z } from "zod";
import { defineTool, READ_ONLY } from "../tool-definition";
import { clickDetailOut, clickDetailSchema } from "./click-detail-output";

export const getRecentActivity = defineTool({
  name: "getRecentActivity",
  title: "Latest clicks",
  description: "The account's latest clicks across all its links, newest first. It changes nothing.",
  input: { limit: z.number().int().min(1).max(100).default(20) },
  output: { clicks: z.array(clickDetailSchema) },
  annotations: READ_ONLY,
  scope: "analytics:read",
  async run(clients, args) {
    const a = await clients.analytics.getRecentActivity({ limit: args.limit });
    return { clicks: a.clicks.map(clickDetailOut) };
  },
});
