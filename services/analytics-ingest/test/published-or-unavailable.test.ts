import { AppError } from "@kurz/errors";
import { describe, expect, it } from "vitest";
import { publishedOrUnavailable } from "../src/conversions/published-or-unavailable";

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => error as AppError,
  );

describe("a conversion's event on its way to the broker", () => {
  it("answers 503 DEPENDENCY_UNAVAILABLE (retryable, Retry-After) when the broker does not take it in time, not a 504", async () => {
    const timedOut = await refusal(
      publishedOrUnavailable(
        {
          flush: () =>
            Promise.reject(new AppError("TIMEOUT", { message: "Timed out delivering buffered events" })),
        },
        5_000,
      ),
    );
    expect(timedOut).toBeInstanceOf(AppError);
    expect(timedOut?.code).toBe("DEPENDENCY_UNAVAILABLE");
    expect(timedOut?.httpStatus).toBe(503);
    expect(timedOut?.retryable).toBe(true);
  });

  it("passes every other failure on as it is, and resolves once the broker has it", async () => {
    const other = new AppError("INTERNAL");
    expect(await refusal(publishedOrUnavailable({ flush: () => Promise.reject(other) }, 5_000))).toBe(other);
    await expect(publishedOrUnavailable({ flush: () => Promise.resolve() }, 5_000)).resolves.toBeUndefined();
  });
});
