import { timestampMs } from "@bufbuild/protobuf/wkt";
import { AppError } from "@kurz/errors";
import { decodeEnvelope, decodePayload } from "@kurz/events";
import { clicksV1 } from "@kurz/proto";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Clicks dated further in the future than this are refused (a broken clock is not data). */
const MAX_CLOCK_SKEW_MS = 3_600_000;

function invalid(reason: string): AppError {
  return new AppError("VALIDATION_ERROR", { message: `invalid click event: ${reason}` });
}

/**
 * The click of a `kurz.click.v1` message, or undefined for another event type on the topic
 * (ignored, as the envelope contract asks). A message that cannot be a valid click throws: the bus
 * retries it, then parks it in the dead-letter topic while the partition flows on.
 */
export function decodeClick(
  value: Uint8Array,
): { click: clicksV1.ClickRecorded; clickedAtMs: number } | undefined {
  const envelope = decodeEnvelope(value);
  let click: clicksV1.ClickRecorded | undefined;
  try {
    click = decodePayload(envelope, clicksV1.ClickRecordedSchema);
  } catch (error) {
    throw new AppError("VALIDATION_ERROR", {
      message: "invalid click event: undecodable payload",
      cause: error,
    });
  }
  if (!click) return undefined;
  if (!UUID.test(click.clickId)) throw invalid("click_id is not a UUID");
  if (click.accountId === "" || click.linkId === "") throw invalid("account_id and link_id are required");
  if (!click.clickedAt) throw invalid("clicked_at is missing");
  const clickedAtMs = timestampMs(click.clickedAt);
  if (!Number.isFinite(clickedAtMs) || clickedAtMs <= 0 || clickedAtMs > Date.now() + MAX_CLOCK_SKEW_MS) {
    throw invalid("clicked_at is out of range");
  }
  return { click, clickedAtMs };
}
