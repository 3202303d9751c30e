import { lowestRoleAllowing, type Role, roleAllows, roleRefusal } from "@kurz/auth-verifier";

/** Admins and owners read a workspace's audit log; FORBIDDEN (role, required_role) for the rest. */
export function assertAuditLogReader(role: Role): void {
  if (!roleAllows(role, "read_audit_log")) {
    throw roleRefusal(role, lowestRoleAllowing("read_audit_log"), "reading the audit log");
  }
}
