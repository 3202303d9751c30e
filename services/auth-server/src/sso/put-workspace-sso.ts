import { randomBytes } from "node:crypto";
import { AppError } from "@kurz/errors";
import { isUniqueViolation } from "@kurz/relational";
import { and, eq, ne } from "drizzle-orm";
import type { PersonActor } from "../audit/audit-actor";
import { type AuditChanges, changesBetween, recordAudit } from "../audit/record-audit";
import type { AuthContext } from "../auth-context";
import { type WorkspaceSsoRow, workspaceSso, workspaces } from "../db/schema";
import { lockWorkspaceMembers } from "../workspaces/lock-workspace-members";
import { roleOf } from "../workspaces/role-of";
import { discoverProvider } from "./discover-provider";
import { assertSsoIncluded, assertSsoRole } from "./sso-access";
import { parseSsoSettings } from "./sso-settings-input";

/** What the audit log shows for a client secret: that it changed, never what it is. */
export const SECRET_CHANGED = "(changed)";

const domainTaken = (domain: string) =>
  new AppError("CONFLICT", {
    message: `${domain} already signs in through another workspace`,
    details: { field: "domain", reason: "domain_taken" },
    hint: "A domain belongs to one workspace; remove it there first",
  });

const auditedFields = (row: Pick<WorkspaceSsoRow, "issuer" | "clientId" | "domain" | "enforced">) => ({
  issuer: row.issuer,
  client_id: row.clientId,
  domain: row.domain,
  enforced: row.enforced,
});

/**
 * Creates or replaces a workspace's single sign-on (docs/api/workspaces.md#single-sign-on), by its
 * owners, on the Enterprise plan. In order: role, plan, input, one domain per workspace, then the
 * issuer's discovery document (outside the transaction: it is a call to another server), then
 * one write with its audit entry. The client secret is sealed and may be left out of an update
 * to keep it; a new domain starts unverified with a new token.
 */
export async function putWorkspaceSso(
  ctx: AuthContext,
  actor: PersonActor,
  workspaceId: string,
  body: unknown,
): Promise<WorkspaceSsoRow> {
  assertSsoRole(await roleOf(ctx, actor.id, workspaceId), workspaceId, "change");
  const [workspace] = await ctx.db
    .select({ plan: workspaces.plan })
    .from(workspaces)
    .where(eq(workspaces.id, workspaceId));
  assertSsoIncluded(workspace?.plan ?? "free");
  const [existing] = await ctx.db
    .select()
    .from(workspaceSso)
    .where(eq(workspaceSso.workspaceId, workspaceId));
  const input = parseSsoSettings(body, { secretRequired: !existing });
  const [other] = await ctx.db
    .select({ id: workspaceSso.workspaceId })
    .from(workspaceSso)
    .where(and(eq(workspaceSso.domain, input.domain), ne(workspaceSso.workspaceId, workspaceId)));
  if (other) throw domainTaken(input.domain);
  await discoverProvider(ctx, input.issuer);

  const now = ctx.clock.now();
  try {
    const saved = await ctx.db.transaction(async (tx) => {
      // The role and plan again, under the workspace lock: either may have changed meanwhile.
      const roles = await lockWorkspaceMembers(tx, workspaceId);
      assertSsoRole(roles.get(actor.id), workspaceId, "change");
      const [current] = await tx.select().from(workspaces).where(eq(workspaces.id, workspaceId));
      assertSsoIncluded(current?.plan ?? "free");
      const [before] = await tx.select().from(workspaceSso).where(eq(workspaceSso.workspaceId, workspaceId));
      const sameDomain = before?.domain === input.domain;
      const sealed = input.clientSecret
        ? ctx.sso.secrets.seal(workspaceId, input.clientSecret)
        : before?.clientSecretSealed;
      if (!sealed)
        throw new AppError("VALIDATION_ERROR", {
          message: "client_secret is required",
          details: { field: "client_secret" },
        });
      const row: WorkspaceSsoRow = {
        workspaceId,
        issuer: input.issuer,
        clientId: input.clientId,
        clientSecretSealed: sealed,
        domain: input.domain,
        enforced: input.enforced,
        verificationToken: sameDomain && before ? before.verificationToken : randomBytes(16).toString("hex"),
        verifiedAt: sameDomain && before ? before.verifiedAt : null,
        createdAt: before?.createdAt ?? now,
        updatedAt: now,
      };
      if (before) {
        await tx.update(workspaceSso).set(row).where(eq(workspaceSso.workspaceId, workspaceId));
      } else {
        await tx.insert(workspaceSso).values(row);
      }
      const changes: AuditChanges = changesBetween(before ? auditedFields(before) : {}, auditedFields(row));
      if (input.clientSecret)
        changes.client_secret = { before: before ? SECRET_CHANGED : null, after: SECRET_CHANGED };
      if (before && !sameDomain) changes.verified = { before: before.verifiedAt !== null, after: false };
      await recordAudit(tx, {
        workspaceId,
        actor,
        action: before ? "sso.updated" : "sso.configured",
        target: { type: "workspace_sso", id: workspaceId },
        changes,
        at: now,
      });
      return row;
    });
    ctx.logger.info(
      { event: "workspace.sso_saved", accountId: workspaceId, verified: saved.verifiedAt !== null },
      "single sign-on saved",
    );
    return saved;
  } catch (error) {
    // Two workspaces claiming one domain at once: the unique index lets one win.
    if (isUniqueViolation(error, "workspace_sso_domain_unique")) throw domainTaken(input.domain);
    throw error;
  }
}
