import type { Metadata, StatusObject } from "@grpc/grpc-js";
import { AppError, type AppErrorOptions, codeForGrpcStatus, errorCatalog, isErrorCode } from "@kurz/errors";
import { ErrorMetadataKey } from "./app-error-to-grpc-status";

/**
 * Maps a failed call's status back to an AppError: the exact Kurz code from trailers when the
 * peer is a Kurz server, otherwise the code the status maps to. `retryable` follows from the code
 * (the catalog), so the retryable trailer is informative only, for non-Kurz clients.
 *
 * The peer's message is kept only for client errors (the caller may show it); for server-side
 * failures the catalog message is used and the status stays in `cause` for logs.
 */
export function grpcStatusToAppError(
  status: Pick<StatusObject, "code" | "details"> & { metadata?: Metadata },
): AppError {
  const sentCode = readString(status.metadata, ErrorMetadataKey.code);
  const code = sentCode !== undefined && isErrorCode(sentCode) ? sentCode : codeForGrpcStatus(status.code);
  const options: AppErrorOptions = { cause: status };
  if (errorCatalog[code].http < 500) {
    if (status.details) options.message = status.details;
    const details = readJson(status.metadata, ErrorMetadataKey.details);
    if (details) options.details = details;
    const hint = readBinaryText(status.metadata, ErrorMetadataKey.hint);
    if (hint) options.hint = hint;
  }
  return new AppError(code, options);
}

function readString(metadata: Metadata | undefined, key: string): string | undefined {
  const value = metadata?.get(key)[0];
  return typeof value === "string" ? value : undefined;
}

function readBinaryText(metadata: Metadata | undefined, key: string): string | undefined {
  const value = metadata?.get(key)[0];
  return Buffer.isBuffer(value) ? value.toString("utf8") : undefined;
}

function readJson(metadata: Metadata | undefined, key: string): Record<string, unknown> | undefined {
  const text = readBinaryText(metadata, key);
  if (text === undefined) return undefined;
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed !== null && typeof parsed === "object" && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : undefined;
  } catch {
    // Details are a courtesy: a malformed trailer must not hide the error itself.
    return undefined;
  }
}
