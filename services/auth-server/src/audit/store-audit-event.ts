import { timestampDate } from "@bufbuild/protobuf/wkt";
import { AUDIT_RECORDED } from "@kurz/audit";
import { AppError } from "@kurz/errors";
import { decodeEnvelope, decodePayload, type ReceivedMessage } from "@kurz/events";
import { auditV1 } from "@kurz/proto";
import { anyInCauses } from "@kurz/relational";
import type { AuthContext } from "../auth-context";
import { auditLog } from "../db/schema";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ACTOR_TYPES = new Set(["person", "api_key", "operator"]);
const SURFACES = new Set(["rest", "dashboard", "pages", "mcp", "grpc", "import", "admin"]);
/** PostgreSQL's foreign_key_violation: the workspace is gone, and its log with it. */
const FOREIGN_KEY_VIOLATION = "23503";

function poison(message: string): AppError {
  return new AppError("VALIDATION_ERROR", { message: `audit event refused: ${message}` });
}

/** The entry an `audit.recorded` event carries, or why it is not one (a poison message). */
function entryOf(event: auditV1.AuditRecorded) {
  const { actor } = event;
  if (!UUID.test(event.id) || !UUID.test(event.workspaceId)) throw poison("ids must be UUIDs");
  if (!actor || !ACTOR_TYPES.has(actor.type) || !SURFACES.has(actor.surface)) throw poison("bad actor");
  if (!event.occurredAt || !event.action || !event.targetType || !event.targetId) {
    throw poison("time, action and target are required");
  }
  let changes: unknown;
  try {
    changes = JSON.parse(event.changesJson || "{}");
  } catch {
    throw poison("changes are not JSON");
  }
  return {
    id: event.id.toLowerCase(),
    workspaceId: event.workspaceId.toLowerCase(),
    occurredAt: timestampDate(event.occurredAt),
    actorType: actor.type,
    actorId: actor.id || null,
    surface: actor.surface,
    clientId: actor.clientId || null,
    clientAddress: actor.clientAddress || null,
    action: event.action,
    targetType: event.targetType,
    targetId: event.targetId,
    changes,
  };
}

/**
 * Stores a change another service recorded (kurz.audit.v1, written in that change's transaction):
 * once per entry id, however often it is delivered. A message that is not an audit entry is
 * refused for good (dead-lettered); the database down is transient (retried, never dropped).
 */
export async function storeAuditEvent(ctx: AuthContext, message: Pick<ReceivedMessage, "value">) {
  const envelope = decodeEnvelope(message.value);
  if (envelope.type !== AUDIT_RECORDED) return;
  const event = decodePayload(envelope, auditV1.AuditRecordedSchema);
  if (!event) throw poison("no payload");
  const entry = entryOf(event);
  try {
    await ctx.db.insert(auditLog).values(entry).onConflictDoNothing({ target: auditLog.id });
  } catch (error) {
    if (anyInCauses(error, (cause) => cause.code === FOREIGN_KEY_VIOLATION)) {
      ctx.logger.info({
        event: "audit.entry_dropped",
        workspaceId: entry.workspaceId,
        reason: "workspace deleted",
      });
      return;
    }
    throw new AppError("DEPENDENCY_UNAVAILABLE", {
      message: "An audit entry could not be stored",
      cause: error,
    });
  }
}
