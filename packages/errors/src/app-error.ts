/**
 * The one error type of Kurz. Every surface maps it once: REST body + HTTP status, gRPC status,
 * MCP tool error body, OAuth error/error_description.
 */
import { type ErrorCode, errorCatalog } from "./codes";

export interface AppErrorOptions {
  /** Overrides the catalog's default message. Shown to callers: never put internals here. */
  message?: string;
  /** Extra, caller-safe details (field name, limit, ...). */
  details?: Record<string, unknown>;
  /** Hint for the caller (MCP tools surface it). */
  hint?: string;
  cause?: unknown;
}

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly httpStatus: number;
  readonly grpcStatus: number;
  readonly retryable: boolean;
  readonly details: Record<string, unknown> | undefined;
  readonly hint: string | undefined;

  constructor(code: ErrorCode, options: AppErrorOptions = {}) {
    const entry = errorCatalog[code];
    super(
      options.message ?? entry.message,
      options.cause === undefined ? undefined : { cause: options.cause },
    );
    this.name = "AppError";
    this.code = code;
    this.httpStatus = entry.http;
    this.grpcStatus = entry.grpc;
    this.retryable = entry.retryable;
    this.details = options.details;
    this.hint = options.hint;
  }

  /** True for errors whose message may be shown to the caller (everything below 500). */
  get isClientError(): boolean {
    return this.httpStatus < 500;
  }
}

export function isAppError(value: unknown): value is AppError {
  return value instanceof AppError;
}

/**
 * Wraps anything thrown into an AppError. Unknown errors become INTERNAL with a generic message;
 * the original stays in `cause` for logs only.
 */
export function toAppError(value: unknown): AppError {
  if (value instanceof AppError) return value;
  return new AppError("INTERNAL", { cause: value });
}
