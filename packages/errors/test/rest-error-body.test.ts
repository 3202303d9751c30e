import { describe, expect, it } from "vitest";
import { AppError, errorCatalog, GrpcStatus, toRestErrorBody } from "../src";

describe("toRestErrorBody", () => {
  it("gives a client error its status, message, stable code and details", () => {
    const { status, body } = toRestErrorBody(
      new AppError("VALIDATION_ERROR", {
        message: "url must start with http:// or https://",
        details: { field: "url" },
      }),
    );
    expect(status).toBe(400);
    expect(body).toEqual({
      success: false,
      error: "url must start with http:// or https://",
      code: "VALIDATION_ERROR",
      details: { field: "url" },
    });
  });

  it("lifts required_scope to the top level, as the insufficient-scope body has it", () => {
    const { status, body } = toRestErrorBody(
      new AppError("INSUFFICIENT_SCOPE", { details: { required_scope: "analytics:read" } }),
    );
    expect(status).toBe(403);
    expect(body).toEqual({
      success: false,
      error: "Insufficient scope",
      code: "INSUFFICIENT_SCOPE",
      required_scope: "analytics:read",
    });
  });

  it("never leaks the message or details of a server error", () => {
    const { status, body } = toRestErrorBody(
      new Error("connect ECONNREFUSED 10.0.0.7:5432 password=hunter2"),
    );
    expect(status).toBe(500);
    expect(body).toEqual({ success: false, error: "Internal error", code: "INTERNAL" });
    const unavailable = toRestErrorBody(
      new AppError("DEPENDENCY_UNAVAILABLE", {
        message: "redis at 10.0.0.8 down",
        details: { host: "10.0.0.8" },
      }),
    );
    expect(unavailable.body).toEqual({
      success: false,
      error: "A dependency is unavailable",
      code: "DEPENDENCY_UNAVAILABLE",
    });
  });

  it("keeps the cause for logs and marks retryable codes", () => {
    const cause = new Error("boom");
    const error = new AppError("RATE_LIMITED", { cause });
    expect(error.cause).toBe(cause);
    expect(error.retryable).toBe(true);
    expect(new AppError("ALIAS_EXISTS").retryable).toBe(false);
  });

  it("refuses a used-up quota with 403 QUOTA_EXCEEDED, not retryable, its details and an upgrade hint", () => {
    const error = new AppError("QUOTA_EXCEEDED", {
      message: "Your free plan allows 0 branded domains",
      details: { limit: 0, used: 0, plan: "free" },
      hint: "Upgrade your plan",
    });
    expect(error.retryable).toBe(false);
    expect(error.grpcStatus).toBe(GrpcStatus.FAILED_PRECONDITION);
    expect(toRestErrorBody(error)).toEqual({
      status: 403,
      body: {
        success: false,
        error: "Your free plan allows 0 branded domains",
        code: "QUOTA_EXCEEDED",
        details: { limit: 0, used: 0, plan: "free" },
        hint: "Upgrade your plan",
      },
      headers: {},
    });
  });

  it("keeps the rate limit (PLAN_LIMIT_EXCEEDED, RATE_LIMITED) retryable with 429, apart from quotas", () => {
    for (const code of ["PLAN_LIMIT_EXCEEDED", "RATE_LIMITED"] as const) {
      expect(errorCatalog[code]).toMatchObject({
        http: 429,
        grpc: GrpcStatus.RESOURCE_EXHAUSTED,
        retryable: true,
      });
    }
  });

  it("maps every code to an HTTP status and a gRPC status", () => {
    for (const [code, entry] of Object.entries(errorCatalog)) {
      expect(entry.http, code).toBeGreaterThanOrEqual(400);
      expect(Object.values(GrpcStatus), code).toContain(entry.grpc);
    }
  });

  it("tells when to retry a retryable 503 (Retry-After), and nothing else", () => {
    expect(toRestErrorBody(new AppError("DEPENDENCY_UNAVAILABLE")).headers).toEqual({ "retry-after": "2" });
    expect(toRestErrorBody(new AppError("INTERNAL")).headers).toEqual({});
    expect(toRestErrorBody(new AppError("VALIDATION_ERROR")).headers).toEqual({});
  });
});
