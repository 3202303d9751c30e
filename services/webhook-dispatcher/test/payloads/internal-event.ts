import type { DescMessage, MessageInitShape } from "@bufbuild/protobuf";
import { decodeEnvelope, encodeEvent } from "@kurz/events";
import type { eventsV1 } from "@kurz/proto";

/**
 * An internal event as the webhook consumer receives it: wrapped and encoded by the producers'
 * own encodeEvent (EventEnvelope bytes, payload encoded with toBinary), then decoded.
 */
export function internalEvent<S extends DescMessage>(input: {
  type: string;
  schema: S;
  payload: MessageInitShape<S>;
  accountId?: string;
  key?: string;
  occurredAt?: Date;
  source?: string;
}): eventsV1.EventEnvelope {
  const accountId = input.accountId ?? ACCOUNT_ID;
  const message = encodeEvent(input.source ?? "link-api", {
    type: input.type,
    accountId,
    key: input.key ?? accountId,
    schema: input.schema,
    payload: input.payload,
    occurredAt: input.occurredAt ?? OCCURRED_AT,
  });
  return decodeEnvelope(message.value);
}

export const ACCOUNT_ID = "0190aa00-1111-7222-8333-444455556666";
export const OCCURRED_AT = new Date("2025-03-14T09:26:54.012Z");
