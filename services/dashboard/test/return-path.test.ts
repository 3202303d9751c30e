import { describe, expect, it } from "vitest";
import { dashboardReturnPath } from "../src/routes/return-path";

describe("dashboardReturnPath", () => {
  it("keeps a dashboard page with its query", () => {
    expect(dashboardReturnPath("/app/links?sort=clicks&page=2")).toBe("/app/links?sort=clicks&page=2");
    expect(dashboardReturnPath("/app")).toBe("/app");
  });

  it("sends anything else to /app/", () => {
    for (const value of [
      undefined,
      ["/app/links"],
      "https://evil.example/app",
      "//evil.example/app",
      "/\\evil.example",
      "/app\\@evil.example",
      "/apps-elsewhere",
      "/app/../auth/logout",
      "/app/%2e%2e/auth/logout",
      "/app/api/v1/urls",
      "/app/auth/logout",
      `/app/${"x".repeat(3000)}`,
      "javascript:alert(1)",
    ]) {
      expect(dashboardReturnPath(value), String(value)).toBe("/app/");
    }
  });
});
