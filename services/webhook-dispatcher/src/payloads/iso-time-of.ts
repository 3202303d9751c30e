import { type Timestamp, timestampDate } from "@bufbuild/protobuf/wkt";
import type { eventsV1 } from "@kurz/proto";
import { invalidEvent } from "./invalid-event";

/** A protobuf Timestamp as ISO 8601; null when unset (proto3's "no value"). */
export function isoTimeOrNull(envelope: eventsV1.EventEnvelope, time: Timestamp | undefined): string | null {
  if (time === undefined) return null;
  const date = timestampDate(time);
  // Out of Date's range (a corrupt or hand-made message): toISOString would throw a RangeError.
  if (Number.isNaN(date.getTime())) throw invalidEvent(envelope, "a timestamp is out of range");
  return date.toISOString();
}

/** A Timestamp the event must carry (creation times, the click time) as ISO 8601. */
export function isoTimeOf(
  envelope: eventsV1.EventEnvelope,
  time: Timestamp | undefined,
  field: string,
): string {
  const iso = isoTimeOrNull(envelope, time);
  if (iso === null) throw invalidEvent(envelope, `${field} is missing`);
  return iso;
}
