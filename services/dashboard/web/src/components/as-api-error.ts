import { ApiError } from "../api/api-error";

/** Whatever a failed action threw, as an ApiError the page can show (its own words otherwise). */
export function asApiError(error: unknown, fallback: string): ApiError {
  return error instanceof ApiError ? error : new ApiError(0, { code: "UNEXPECTED", error: fallback });
}
