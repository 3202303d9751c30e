import { timestampDate } from "@bufbuild/protobuf/wkt";
import type { authV1 } from "@kurz/proto";
import { z } from "zod";

const iso = (t: { seconds: bigint; nanos: number } | undefined) =>
  t === undefined ? null : timestampDate(t as Parameters<typeof timestampDate>[0]).toISOString();

/** The roles of docs/api/workspaces.md#roles, highest first. */
export const ROLE_NAMES = ["owner", "admin", "member", "viewer"] as const;

export const roleParam = z
  .enum(ROLE_NAMES)
  .describe("owner, admin, member or viewer; never above your own role (an API key's: its role ceiling)");

/** The `user_id` the member tools take. */
export const userIdParam = z
  .string()
  .uuid()
  .describe("The member's id (user_id from listMembers)")
  .meta({ examples: ["0b6f4f7e-8a51-4c6f-9d0e-2f4b7c1d9a33"] });

export const workspaceSchema = z.object({
  id: z.string().describe("The workspace id: every resource's account_id"),
  name: z.string(),
  plan: z.string().describe("free, pro, business or enterprise"),
  role: z.string().describe("Your role in it (for an API key: its role ceiling)"),
  created_at: z.string().nullable(),
});

export function toWorkspaceOutput(workspace: authV1.Workspace | undefined): z.output<typeof workspaceSchema> {
  if (!workspace) throw new Error("auth-server answered without a workspace");
  return {
    id: workspace.id,
    name: workspace.name,
    plan: workspace.plan,
    role: workspace.role,
    created_at: iso(workspace.createdAt),
  };
}

export const memberSchema = z.object({
  user_id: z.string(),
  email: z.string(),
  name: z.string(),
  role: z.string(),
  joined_at: z.string().nullable(),
});

export function toMemberOutput(member: authV1.WorkspaceMember): z.output<typeof memberSchema> {
  return {
    user_id: member.userId,
    email: member.email,
    name: member.name,
    role: member.role,
    joined_at: iso(member.joinedAt),
  };
}

export const invitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: z.string(),
  created_at: z.string().nullable(),
  expires_at: z.string().nullable(),
  accept_url: z
    .string()
    .optional()
    .describe("Only right after inviting: the link to pass on to the invited person (never shown again)"),
  emailed: z.boolean().optional().describe("Only right after inviting: whether Kurz e-mailed the link"),
});

export function toInvitationOutput(
  invitation: authV1.Invitation | undefined,
): z.output<typeof invitationSchema> {
  if (!invitation) throw new Error("auth-server answered without an invitation");
  return {
    id: invitation.id,
    email: invitation.email,
    role: invitation.role,
    created_at: iso(invitation.createdAt),
    expires_at: iso(invitation.expiresAt),
    ...(invitation.acceptUrl === "" ? {} : { accept_url: invitation.acceptUrl }),
    ...(invitation.emailed === undefined ? {} : { emailed: invitation.emailed }),
  };
}

export const auditEntrySchema = z.object({
  id: z.string(),
  occurred_at: z.string().nullable(),
  actor: z.object({
    type: z.string().describe("person, api_key or operator"),
    id: z.string().nullable(),
    email: z.string().nullable(),
    client_id: z.string().nullable().describe("The OAuth client the person acted through"),
    address: z.string().nullable(),
  }),
  surface: z.string().describe("rest, dashboard, pages, mcp, grpc or admin"),
  action: z.string(),
  target: z.object({ type: z.string(), id: z.string() }),
  changes: z.record(z.string(), z.object({ before: z.unknown(), after: z.unknown() })),
});

const orNull = (value: string) => (value === "" ? null : value);

export function toAuditEntryOutput(entry: authV1.AuditEntry): z.output<typeof auditEntrySchema> {
  return {
    id: entry.id,
    occurred_at: iso(entry.occurredAt),
    actor: {
      type: entry.actor?.type ?? "",
      id: orNull(entry.actor?.id ?? ""),
      email: orNull(entry.actor?.email ?? ""),
      client_id: orNull(entry.actor?.clientId ?? ""),
      address: orNull(entry.actor?.address ?? ""),
    },
    surface: entry.surface,
    action: entry.action,
    target: { type: entry.targetType, id: entry.targetId },
    changes: JSON.parse(entry.changesJson || "{}") as Record<string, { before: unknown; after: unknown }>,
  };
}
