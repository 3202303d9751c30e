import { Metadata, type StatusObject } from "@grpc/grpc-js";
import { errorCatalog, toAppError } from "@kurz/errors";

/**
 * Trailing-metadata keys that carry a Kurz error across gRPC. The status code alone is lossy
 * (several Kurz codes share NOT_FOUND, PERMISSION_DENIED, ...), so the exact code travels beside it.
 * `-bin` keys hold UTF-8 bytes: ASCII metadata values cannot carry arbitrary text.
 */
export const ErrorMetadataKey = {
  code: "kurz-error-code",
  retryable: "kurz-error-retryable",
  details: "kurz-error-details-bin",
  hint: "kurz-error-hint-bin",
} as const;

/**
 * Maps anything a handler threw to the status a gRPC server sends. This file and
 * grpc-status-to-app-error.ts are the only places where that mapping lives.
 *
 * Unknown errors become INTERNAL; like every 5xx-class error their message is the catalog's, never
 * the thrown text, so internals do not leak. Details and hints go out for client errors only.
 */
export function appErrorToGrpcStatus(thrown: unknown): StatusObject {
  const error = toAppError(thrown);
  const metadata = new Metadata();
  metadata.set(ErrorMetadataKey.code, error.code);
  metadata.set(ErrorMetadataKey.retryable, String(error.retryable));
  if (error.isClientError) {
    if (error.details && Object.keys(error.details).length > 0) {
      metadata.set(ErrorMetadataKey.details, Buffer.from(JSON.stringify(error.details), "utf8"));
    }
    if (error.hint) metadata.set(ErrorMetadataKey.hint, Buffer.from(error.hint, "utf8"));
  }
  return {
    code: error.grpcStatus,
    details: error.isClientError ? error.message : errorCatalog[error.code].message,
    metadata,
  };
}
