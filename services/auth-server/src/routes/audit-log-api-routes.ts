import { type AccessToken, accessTokenOf, requireScope, type TokenVerifier } from "@kurz/auth-verifier";
import { AppError } from "@kurz/errors";
import { bearerSecurity, documentationOnly, errorResponses } from "@kurz/openapi";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { assertAuditLogReader } from "../audit/assert-audit-log-reader";
import { AUDIT_CSV_HEADER, auditEntryCsv, auditEntryView } from "../audit/audit-entry-view";
import { type AuditLogQuery, cursorAfter, listAuditLog } from "../audit/list-audit-log";
import type { AuthContext } from "../auth-context";

/** The most entries one export holds (narrow by time for more). */
export const AUDIT_EXPORT_MAX_ROWS = 10_000;

const filters = {
  actor: z.string().optional().describe("A person's or API key's id"),
  action: z.string().optional().describe("e.g. member.role_changed"),
  target: z.string().optional().describe("The changed thing's id"),
  start: z.string().optional().describe("From this instant (inclusive), ISO 8601"),
  end: z.string().optional().describe("Until this instant (exclusive), ISO 8601"),
};
const entrySchema = z
  .object({
    id: z.string(),
    occurred_at: z.string(),
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
  })
  .meta({ id: "AuditEntry" });
const tags = ["Workspaces"];

/** Admins and owners read the log of the workspace a request acts in. */
function workspaceOf(token: AccessToken): string {
  assertAuditLogReader(token.role ?? "viewer");
  return token.accountId;
}

const text = (value: unknown): string | undefined => (typeof value === "string" ? value : undefined);

function queryOf(query: Record<string, unknown>, workspaceId: string, limit: number): AuditLogQuery {
  return {
    workspaceId,
    actor: text(query.actor),
    action: text(query.action),
    target: text(query.target),
    start: text(query.start),
    end: text(query.end),
    cursor: text(query.cursor),
    limit,
  };
}

/**
 * REST: the audit log of the workspace a request acts in (docs/api/workspaces.md#audit-log),
 * newest first a page at a time, and as a CSV export.
 */
export function registerAuditLogApiRoutes(
  app: FastifyInstance,
  ctx: AuthContext,
  verifier: TokenVerifier,
): void {
  app.get(
    "/api/v1/audit-log",
    {
      preHandler: requireScope(verifier, "account:read"),
      schema: {
        tags,
        summary: "Every change to the workspace: who, what, when and from where (admins and owners)",
        querystring: z.object({
          ...filters,
          cursor: z.string().optional().describe("next_cursor of the previous page"),
          limit: z.coerce.number().int().min(1).max(100).optional().describe("Entries per page (default 50)"),
        }),
        response: {
          200: z.object({
            success: z.literal(true),
            entries: z.array(entrySchema),
            next_cursor: z.string().nullable(),
          }),
          ...errorResponses(),
        },
        security: bearerSecurity("account:read"),
      },
      ...documentationOnly,
    },
    async (request, reply) => {
      const query = request.query as Record<string, unknown>;
      const limit = query.limit === undefined ? 50 : Number(query.limit);
      if (!Number.isInteger(limit) || limit < 1 || limit > 100) {
        throw new AppError("VALIDATION_ERROR", { message: "limit must be an integer from 1 to 100" });
      }
      const entries = await listAuditLog(ctx, queryOf(query, workspaceOf(accessTokenOf(request)), limit));
      const last = entries.at(-1);
      return reply.header("cache-control", "no-store").send({
        success: true,
        entries: entries.map(auditEntryView),
        next_cursor: last && entries.length === limit ? cursorAfter(last) : null,
      });
    },
  );

  app.get(
    "/api/v1/audit-log/export",
    {
      preHandler: requireScope(verifier, "account:read"),
      schema: {
        tags,
        summary: `The audit log as CSV (at most ${AUDIT_EXPORT_MAX_ROWS} entries, newest first; admins and owners)`,
        querystring: z.object(filters),
        response: { 200: z.string().describe("text/csv"), ...errorResponses() },
        security: bearerSecurity("account:read"),
      },
      ...documentationOnly,
    },
    async (request, reply) => {
      const query = request.query as Record<string, unknown>;
      const entries = await listAuditLog(ctx, {
        ...queryOf(query, workspaceOf(accessTokenOf(request)), AUDIT_EXPORT_MAX_ROWS),
        cursor: undefined,
      });
      return reply
        .header("cache-control", "no-store")
        .header("content-type", "text/csv; charset=utf-8")
        .header("content-disposition", 'attachment; filename="audit-log.csv"')
        .send(AUDIT_CSV_HEADER + entries.map(auditEntryCsv).join(""));
    },
  );
}
