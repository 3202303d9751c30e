import { ApiError, networkError, toApiError } from "./api-error";
import { isAbort } from "./is-abort";

/** What every openapi-fetch call resolves to (its success and error shapes merged). */
interface Answer<D> {
  data?: D;
  error?: unknown;
  response: Response;
}

/**
 * Awaits a typed API call and returns its data, or throws an ApiError with the API's message.
 * An aborted call rethrows the AbortError so callers can tell it from a failure.
 */
export async function readData<D>(call: Promise<Answer<D>>): Promise<D> {
  let answer: Answer<D>;
  try {
    answer = await call;
  } catch (error) {
    if (isAbort(error) || error instanceof ApiError) throw error;
    // openapi-fetch parses success bodies itself: a SyntaxError is an answer we could not read.
    if (error instanceof SyntaxError) {
      throw new ApiError(0, {
        code: "INVALID_ANSWER",
        error: "Kurz sent an answer the page could not read.",
      });
    }
    throw networkError();
  }
  if (!answer.response.ok) throw toApiError(answer.error, answer.response);
  return answer.data as D;
}
