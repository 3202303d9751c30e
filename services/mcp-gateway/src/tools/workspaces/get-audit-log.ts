import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import { z } from "zod";
import { defineTool, READ_ONLY } from "../tool-definition";
import { auditEntrySchema, toAuditEntryOutput } from "./workspace-output";

const instant = (description: string) =>
  z.iso
    .datetime({ offset: true })
    .describe(description)
    .meta({ examples: ["2026-11-29T00:00:00Z"] })
    .optional();

export const getAuditLog = defineTool({
  name: "getAuditLog",
  title: "Read the audit log",
  description:
    "Reads the workspace's audit log, newest first: who (a person, an API key or the operator) changed what, when, through which surface, with each field's value before and after. Admins and owners only. Filter by actor, action, target and time; pass next_cursor back as cursor for older entries (null: no more). Changes nothing.",
  input: {
    actor: z.string().min(1).max(100).optional().describe("Only changes by this person's or API key's id"),
    action: z
      .string()
      .min(1)
      .max(100)
      .optional()
      .describe("Only this action, e.g. member.role_changed, invitation.created, workspace.renamed"),
    target: z
      .string()
      .min(1)
      .max(100)
      .optional()
      .describe("Only changes to this id (a member, an invitation…)"),
    start: instant("From this instant (inclusive), ISO 8601"),
    end: instant("Until this instant (exclusive), ISO 8601"),
    cursor: z.string().min(1).max(200).optional().describe("next_cursor of the previous page"),
    limit: z.number().int().min(1).max(100).default(50),
  },
  output: {
    entries: z.array(auditEntrySchema),
    next_cursor: z.string().nullable().describe("Pass as cursor for the next (older) page; null on the last"),
  },
  annotations: READ_ONLY,
  scope: "account:read",
  async run(clients, args) {
    const answer = await clients.workspaces.getAuditLog({
      ...(args.actor === undefined ? {} : { actor: args.actor }),
      ...(args.action === undefined ? {} : { action: args.action }),
      ...(args.target === undefined ? {} : { target: args.target }),
      ...(args.start === undefined ? {} : { start: timestampFromDate(new Date(args.start)) }),
      ...(args.end === undefined ? {} : { end: timestampFromDate(new Date(args.end)) }),
      ...(args.cursor === undefined ? {} : { cursor: args.cursor }),
      limit: args.limit,
    });
    return {
      entries: answer.entries.map(toAuditEntryOutput),
      next_cursor: answer.nextCursor === "" ? null : answer.nextCursor,
    };
  },
});
