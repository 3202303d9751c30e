import { describe, expect, it } from "vitest";
import { ApiError } from "../web/src/api/api-error";
import { fieldErrorsOf } from "../web/src/api/field-errors";

const validation = (details: Record<string, unknown>) =>
  new ApiError(400, { code: "VALIDATION_ERROR", error: "The request is not valid", details });

describe("the fields an API error is about", () => {
  it("reads validation issues, auth-server's fields, a single field and a taken alias", () => {
    expect(fieldErrorsOf(validation({ issues: [{ path: "/tags/0", message: "Too long" }] }))).toEqual(
      new Map([["tags", "Too long"]]),
    );
    expect(fieldErrorsOf(validation({ fields: { name: "Use 1 to 100 characters", role: "" } }))).toEqual(
      new Map([
        ["name", "Use 1 to 100 characters"],
        ["role", "The request is not valid"],
      ]),
    );
    expect(fieldErrorsOf(validation({ field: "expires_at" }))).toEqual(
      new Map([["expires_at", "The request is not valid"]]),
    );
    const taken = new ApiError(409, { code: "ALIAS_EXISTS", error: "Alias taken" });
    expect(fieldErrorsOf(taken)).toEqual(new Map([["customAlias", "Alias taken"]]));
    expect(fieldErrorsOf(new ApiError(503, { code: "DEPENDENCY_UNAVAILABLE", error: "Later" })).size).toBe(0);
  });
});
