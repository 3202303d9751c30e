import { describe, expect, it } from "vitest";
import { ApiError } from "../web/src/api/api-error";
import { describeKeyRoles, keyRolesUpTo, roleProblemOf } from "../web/src/pages/account/key-roles";

describe("an API key's role in the create form", () => {
  it("offers the person's own role and those below it, each level in one line", () => {
    expect(keyRolesUpTo("owner")).toEqual(["owner", "admin", "member", "viewer"]);
    expect(keyRolesUpTo("member")).toEqual(["member", "viewer"]);
    expect(describeKeyRoles(keyRolesUpTo("admin"))).toBe(
      "Viewers read; members also create and edit links, QR codes, campaigns and A/B tests; admins also domains, webhooks, keys and members.",
    );
  });

  it("shows a refusal of the role at the role field, and one about the person elsewhere", () => {
    // auth-server's refusal of a key above its creator's role (roleRefusal in @kurz/auth-verifier).
    const above = new ApiError(403, {
      code: "FORBIDDEN",
      error:
        "Your role in this workspace (admin) does not allow a key with the owner role: it needs owner or above",
      details: { role: "admin", required_role: "owner" },
    });
    expect(roleProblemOf(above, "owner")).toBe(above.message);
    const invalid = new ApiError(400, {
      code: "VALIDATION_ERROR",
      error: "Expected { name: string, permissions: string[] }",
      details: { issues: [{ path: "role", message: "Invalid option" }] },
    });
    expect(roleProblemOf(invalid, "viewer")).toBe("Invalid option");
    // A member may not create keys at all: that refusal needs admin, whatever role was chosen.
    const notAdmin = new ApiError(403, {
      code: "FORBIDDEN",
      error: "Your role in this workspace (member) does not allow this: it needs admin or above",
      details: { role: "member", required_role: "admin" },
    });
    expect(roleProblemOf(notAdmin, "member")).toBeUndefined();
  });
});
