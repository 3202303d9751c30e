/** Who made a change, and through what (docs/api/workspaces.md#audit-log). */
export interface AuditActor {
  type: "person" | "api_key" | "operator";
  /** The person's or key's id; undefined for the operator. */
  id?: string;
  surface: "rest" | "dashboard" | "pages" | "mcp" | "grpc" | "admin";
  /** The OAuth client the person acted through. */
  clientId?: string;
  clientAddress?: string;
}

/** The operator's admin command (set-plan). */
export const OPERATOR: AuditActor = { type: "operator", surface: "admin" };

/** A person acting (the actor of member and workspace changes). */
export type PersonActor = AuditActor & { type: "person"; id: string };
