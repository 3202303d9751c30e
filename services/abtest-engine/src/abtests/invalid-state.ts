import { AppError } from "@kurz/errors";
import type { AbTestStatus } from "../db/schema";

/** 409 INVALID_STATE for an operation the test's status does not allow (docs/api/ab-tests.md#life-cycle). */
export function invalidState(
  operation: string,
  status: AbTestStatus,
  allowed: string,
  hint: string,
): AppError {
  return new AppError("INVALID_STATE", {
    message: `Cannot ${operation} a ${status} test: only ${allowed} tests`,
    details: { status, reason: "ab_test_status" },
    hint,
  });
}
