import { eventTopics } from "@kurz/events";
import { linksV1 } from "@kurz/proto";
import type { LinkApiTransaction } from "../db/link-api-database";
import type { LinkRow } from "../db/schema";
import { enqueueEvent } from "../events/enqueue-event";
import { toLinkSnapshot } from "./to-link-snapshot";

export type LinkChange = "link.created" | "link.updated" | "link.deleted";

/** LinkChanged on kurz.link.v1, in the change's transaction; previous is the state before a move. */
export function enqueueLinkChanged(
  tx: LinkApiTransaction,
  type: LinkChange,
  occurredAt: Date,
  row: LinkRow,
  previous?: Pick<LinkRow, "host" | "code">,
): Promise<void> {
  const moved = previous && (previous.host !== row.host || previous.code !== row.code);
  return enqueueEvent(tx, {
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
  });
}
