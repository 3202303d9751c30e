import { auditMessagesFor, changesBetween } from "@kurz/audit";
import { eventTopics } from "@kurz/events";
import { enqueueOutboxMessages, type OutboxMessage } from "@kurz/outbox";
import { linksV1 } from "@kurz/proto";
import { SERVICE_NAME } from "../config";
import type { LinkApiTransaction } from "../db/link-api-database";
import type { LinkRow } from "../db/schema";
import { outboxMessageOf } from "../events/enqueue-event";
import { linkAuditFields } from "./link-audit-fields";
import { toLinkSnapshot } from "./to-link-snapshot";

export type LinkChange = "link.created" | "link.updated" | "link.deleted";

export interface LinkChangeOptions {
  /** The link before an update (its host and code also say whether it moved). */
  previous?: LinkRow;
  /**
   * The messages go here instead, for the caller to write with the others of its transaction in
   * one statement (a bulk create).
   */
  deferTo?: OutboxMessage[];
  /**
   * false: the change is part of another target's, recorded there (a QR code's link, the links a
   * deleted campaign lets go).
   */
  audit?: boolean;
}

/**
 * LinkChanged on kurz.link.v1 and, when a person or key makes the change, its audit entry
 * (kurz.audit.v1), both in the change's transaction.
 */
export function enqueueLinkChanged(
  tx: LinkApiTransaction,
  type: LinkChange,
  occurredAt: Date,
  row: LinkRow,
  options: LinkChangeOptions = {},
): Promise<void> {
  const messages = [outboxMessageOf(linkChangedEvent(type, occurredAt, row, options.previous))];
  if (options.audit !== false) messages.push(...linkAuditMessages(type, occurredAt, row, options.previous));
  if (options.deferTo) {
    options.deferTo.push(...messages);
    return Promise.resolve();
  }
  return enqueueOutboxMessages(tx, messages);
}

function linkAuditMessages(type: LinkChange, at: Date, row: LinkRow, previous: LinkRow | undefined) {
  const fields = linkAuditFields(row);
  const changes =
    type === "link.created"
      ? changesBetween({}, fields)
      : type === "link.deleted"
        ? changesBetween(fields, {})
        : changesBetween(previous ? linkAuditFields(previous) : {}, fields);
  return auditMessagesFor(SERVICE_NAME, {
    workspaceId: row.accountId,
    action: type,
    target: { type: "link", id: row.id },
    changes,
    at,
  });
}

function linkChangedEvent(type: LinkChange, occurredAt: Date, row: LinkRow, previous?: LinkRow) {
  const moved = previous && (previous.host !== row.host || previous.code !== row.code);
  return {
    occurredAt,
    topic: eventTopics.link,
    type,
    accountId: row.accountId,
    schema: linksV1.LinkChangedSchema,
    payload: {
      link: toLinkSnapshot(row),
      previousHost: moved ? previous.host : "",
      previousCode: moved ? previous.code : "",
    },
  };
}
