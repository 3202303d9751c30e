import { describe, expect, it } from "vitest";
import { lowerRole, lowestRoleFor, ROLES, roleAllows, roleAllowsScope, roleAtLeast } from "../src/roles";
import { SCOPE_NAMES } from "../src/scopes";

describe("workspace roles", () => {
  it("viewers read and nothing else", () => {
    for (const scope of SCOPE_NAMES) {
      expect(roleAllowsScope("viewer", scope), scope).toBe(scope.endsWith(":read"));
    }
    expect(roleAllows("viewer", "manage_members")).toBe(false);
  });

  it("members edit links, QR codes, campaigns and A/B tests, not domains, webhooks or API keys", () => {
    for (const scope of [
      "shorturl:create",
      "shorturl:update",
      "qrcode:delete",
      "campaign:write",
      "abtest:write",
    ] as const) {
      expect(roleAllowsScope("member", scope), scope).toBe(true);
    }
    for (const scope of ["domain:write", "webhook:write", "account:write"] as const) {
      expect(roleAllowsScope("member", scope), scope).toBe(false);
    }
    expect(roleAllows("member", "manage_members")).toBe(false);
  });

  it("admins also manage domains, webhooks, API keys and members; only owners the plan, ownership and deletion", () => {
    for (const scope of SCOPE_NAMES) expect(roleAllowsScope("admin", scope), scope).toBe(true);
    expect(roleAllows("admin", "manage_members")).toBe(true);
    for (const action of ["change_plan", "transfer_ownership", "delete_workspace"] as const) {
      expect(roleAllows("admin", action), action).toBe(false);
      expect(roleAllows("owner", action), action).toBe(true);
    }
  });

  it("each role may do everything the roles below it may", () => {
    for (const [i, higher] of ROLES.entries()) {
      for (const lower of ROLES.slice(i)) {
        expect(roleAtLeast(higher, lower)).toBe(true);
        for (const scope of SCOPE_NAMES) {
          if (roleAllowsScope(lower, scope))
            expect(roleAllowsScope(higher, scope), `${higher} ${scope}`).toBe(true);
        }
      }
    }
    expect(roleAtLeast("viewer", "member")).toBe(false);
    expect(lowerRole("owner", "member")).toBe("member");
    expect(lowerRole("viewer", "admin")).toBe("viewer");
    expect(lowestRoleFor("shorturl:read")).toBe("viewer");
    expect(lowestRoleFor("shorturl:create")).toBe("member");
    expect(lowestRoleFor("domain:write")).toBe("admin");
  });
});
