import { create, toBinary } from "@bufbuild/protobuf";
import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import { auditMessagesFor, changesBetween } from "@kurz/audit";
import { eventTopics } from "@kurz/events";
import { enqueueOutboxMessages } from "@kurz/outbox";
import { abtestsV1, eventsV1 } from "@kurz/proto";
import { v7 as uuidv7 } from "uuid";
import { abTestAuditFields } from "../abtests/ab-test-audit-fields";
import type { TestWithVariants } from "../abtests/test-with-variants";
import { toAbTestMessage } from "../abtests/to-ab-test-message";
import { SERVICE_NAME } from "../config";
import type { AbtestTransaction } from "../db/abtest-database";

export type AbTestChange =
  | "abtest.created"
  | "abtest.updated"
  | "abtest.started"
  | "abtest.paused"
  | "abtest.resumed"
  | "abtest.completed"
  | "abtest.deleted";

/**
 * AbTestChanged on kurz.abtest.v1, in the change's transaction (the outbox relay publishes it
 * after commit), keyed by account id so one account's changes stay in order; and, when a person
 * or API key makes the change, its audit entry (kurz.audit.v1) from `previous` to `test`.
 */
export async function enqueueAbTestChanged(
  tx: AbtestTransaction,
  type: AbTestChange,
  test: TestWithVariants,
  now: Date,
  previous?: TestWithVariants,
): Promise<void> {
  const envelope = create(eventsV1.EventEnvelopeSchema, {
    id: uuidv7(),
    type,
    accountId: test.test.accountId,
    occurredAt: timestampFromDate(now),
    key: test.test.accountId,
    source: SERVICE_NAME,
    payload: toBinary(
      abtestsV1.AbTestChangedSchema,
      create(abtestsV1.AbTestChangedSchema, { test: toAbTestMessage(test) }),
    ),
    payloadType: abtestsV1.AbTestChangedSchema.typeName,
  });
  await enqueueOutboxMessages(tx, [
    {
      topic: eventTopics.abtest,
      key: test.test.accountId,
      value: toBinary(eventsV1.EventEnvelopeSchema, envelope),
      headers: { "event-type": type },
    },
    ...auditMessagesFor(SERVICE_NAME, {
      workspaceId: test.test.accountId,
      action: type,
      target: { type: "ab_test", id: test.test.id },
      changes: changesBetween(
        type === "abtest.created" || !previous ? {} : abTestAuditFields(previous),
        type === "abtest.deleted" ? {} : abTestAuditFields(test),
      ),
      at: now,
    }),
  ]);
}
