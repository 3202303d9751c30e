import { eventTopics } from "@kurz/events";
import type { OutboxMessage } from "@kurz/outbox";
import { linksV1 } from "@kurz/proto";
import type { LinkApiTransaction } from "../db/link-api-database";
import type { LinkRow } from "../db/schema";
import { enqueueEvent, outboxMessageOf } from "../events/enqueue-event";
import { toLinkSnapshot } from "./to-link-snapshot";

export type LinkChange = "link.created" | "link.updated" | "link.deleted";

/**
 * LinkChanged on kurz.link.v1, in the change's transaction; previous is the state before a move.
 * With `deferTo`, the message is added there instead, for the caller to write with the others
 * of its transaction in one statement (a bulk create).
 */
export function enqueueLinkChanged(
  tx: LinkApiTransaction,
  type: LinkChange,
  occurredAt: Date,
  row: LinkRow,
  previous?: Pick<LinkRow, "host" | "code">,
  deferTo?: OutboxMessage[],
): Promise<void> {
  const event = linkChangedEvent(type, occurredAt, row, previous);
  if (deferTo) {
    deferTo.push(outboxMessageOf(event));
    return Promise.resolve();
  }
  return enqueueEvent(tx, event);
}

function linkChangedEvent(
  type: LinkChange,
  occurredAt: Date,
  row: LinkRow,
  previous?: Pick<LinkRow, "host" | "code">,
) {
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
