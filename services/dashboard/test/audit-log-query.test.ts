import { describe, expect, it } from "vitest";
import { actionLabel } from "../web/src/pages/audit-log/audit-actions";
import {
  auditLogFileName,
  auditLogFilters,
  readAuditLogQuery,
} from "../web/src/pages/audit-log/audit-log-query";
import { describeActor, describeChanges } from "../web/src/pages/audit-log/describe-entry";

describe("the audit log page's filters and words", () => {
  it("reads the URL's filters and sends the days as the API's instants, the last day whole", () => {
    const query = readAuditLogQuery(
      new URLSearchParams("action=member.role_changed&from=2026-11-01&to=2026-11-15&limit=3"),
    );
    expect(query).toEqual({ action: "member.role_changed", from: "2026-11-01", to: "2026-11-15", limit: 3 });
    expect(auditLogFilters(query)).toEqual({
      action: "member.role_changed",
      start: new Date(2026, 10, 1).toISOString(),
      end: new Date(2026, 10, 16).toISOString(),
    });
    expect(auditLogFileName(query)).toBe("audit-log-2026-11-01-to-2026-11-15.csv");
    // Hand-edited nonsense is dropped rather than refused by the API.
    const plain = readAuditLogQuery(new URLSearchParams("action=drop table&from=yesterday&limit=500"));
    expect(plain).toEqual({ action: "", from: "", to: "", limit: 50 });
    expect(auditLogFilters(plain)).toEqual({});
    expect(auditLogFileName(plain)).toBe("audit-log.csv");
  });

  it("says who acted, what they did and what changed", () => {
    const actor = { type: "operator", id: null, email: null, client_id: null, address: null };
    expect(describeActor(actor)).toBe("Operator");
    expect(describeActor({ ...actor, type: "api_key", id: "k1" })).toBe("API key k1");
    expect(describeActor({ ...actor, type: "person", id: "p1", email: "sam@example.com" })).toBe(
      "sam@example.com",
    );
    expect(actionLabel("member.role_changed")).toBe("changed a member's role");
    expect(actionLabel("link.exploded")).toBe("link.exploded");
    expect(
      describeChanges({
        role: { before: "member", after: "admin" },
        email: { before: null, after: "a@b.c" },
      }),
    ).toEqual(["role: member → admin", "email: — → a@b.c"]);
  });
});
