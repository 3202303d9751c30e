import { create, toBinary } from "@bufbuild/protobuf";
import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import { eventTopics } from "@kurz/events";
import type { OutboxMessage } from "@kurz/outbox";
import { auditV1, eventsV1 } from "@kurz/proto";
import { v7 as uuidv7 } from "uuid";
import type { AuditActor, AuditRecord } from "./audit-actor";

export const AUDIT_RECORDED = "audit.recorded";

/**
 * A change's audit entry as the outbox message that carries it to auth-server (topic
 * kurz.audit.v1, keyed by workspace). The entry's id is made here, once: however often the
 * message is delivered, auth-server stores one entry.
 */
export function auditMessageOf(source: string, actor: AuditActor, record: AuditRecord): OutboxMessage {
  const id = uuidv7();
  const payload = create(auditV1.AuditRecordedSchema, {
    id,
    workspaceId: record.workspaceId,
    occurredAt: timestampFromDate(record.at),
    actor: {
      type: actor.type,
      id: actor.id ?? "",
      surface: actor.surface,
      clientId: actor.clientId ?? "",
      clientAddress: actor.clientAddress ?? "",
    },
    action: record.action,
    targetType: record.target.type,
    targetId: record.target.id,
    changesJson: JSON.stringify(record.changes),
  });
  const envelope = create(eventsV1.EventEnvelopeSchema, {
    id,
    type: AUDIT_RECORDED,
    accountId: record.workspaceId,
    occurredAt: timestampFromDate(record.at),
    key: record.workspaceId,
    source,
    payload: toBinary(auditV1.AuditRecordedSchema, payload),
    payloadType: auditV1.AuditRecordedSchema.typeName,
  });
  return {
    topic: eventTopics.audit,
    key: record.workspaceId,
    value: toBinary(eventsV1.EventEnvelopeSchema, envelope),
    headers: { "event-id": id, "event-type": AUDIT_RECORDED },
  };
}
