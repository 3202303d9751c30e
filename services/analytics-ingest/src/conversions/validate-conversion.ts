import { AppError } from "@kurz/errors";
import { ISO_4217_CODES } from "./iso-4217";

export interface ConversionInput {
  svcClickId: string;
  eventName: string;
  value: number | undefined;
  currency: string;
  /** The caller's metadata object, or undefined. */
  metadata: Record<string, unknown> | undefined;
  idempotencyKey: string;
}

export interface ValidConversion extends ConversionInput {
  clickId: string;
  metadataJson: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const EVENT_NAME = /^[A-Za-z0-9][A-Za-z0-9 _.:-]{0,63}$/;
const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,255}$/;
/** Largest |value|: well inside Decimal(18, 4). */
const MAX_VALUE = 1e12;

function invalid(field: string, message: string): AppError {
  return new AppError("VALIDATION_ERROR", { message, details: { field } });
}

/** Checks a conversion report; the first problem found is a VALIDATION_ERROR naming its field. */
export function validateConversion(input: ConversionInput, metadataMaxBytes: number): ValidConversion {
  if (!UUID.test(input.svcClickId)) {
    throw invalid("svc_click_id", "svc_click_id must be the click id from the landing page URL");
  }
  if (!EVENT_NAME.test(input.eventName)) {
    throw invalid("event_name", "event_name must be 1-64 letters, digits, spaces or _ . : -, e.g. purchase");
  }
  if (input.value !== undefined && (!Number.isFinite(input.value) || Math.abs(input.value) > MAX_VALUE)) {
    throw invalid("value", `value must be a finite number of at most ${MAX_VALUE}`);
  }
  const currency = (input.currency || "USD").toUpperCase();
  if (!ISO_4217_CODES.has(currency)) {
    throw invalid("currency", "currency must be an ISO 4217 code such as USD or EUR");
  }
  if (input.idempotencyKey !== "" && !IDEMPOTENCY_KEY.test(input.idempotencyKey)) {
    throw invalid("idempotency_key", "Idempotency-Key must be 1-255 printable ASCII characters");
  }
  let metadataJson = "";
  if (input.metadata !== undefined) {
    if (input.metadata === null || typeof input.metadata !== "object" || Array.isArray(input.metadata)) {
      throw invalid("metadata", "metadata must be a JSON object");
    }
    metadataJson = JSON.stringify(input.metadata);
    if (Buffer.byteLength(metadataJson) > metadataMaxBytes) {
      throw new AppError("VALIDATION_ERROR", {
        message: `metadata must be at most ${metadataMaxBytes} bytes of JSON`,
        details: { field: "metadata", maxBytes: metadataMaxBytes },
      });
    }
  }
  return { ...input, currency, clickId: input.svcClickId.toLowerCase(), metadataJson };
}
