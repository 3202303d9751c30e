/** Who made a change, and through what (docs/api/workspaces.md#audit-log). */
export interface AuditActor {
  type: "person" | "api_key" | "operator";
  /** The person's or key's id; undefined for the operator. */
  id?: string;
  surface: AuditSurface;
  /** The OAuth client the person acted through. */
  clientId?: string;
  clientAddress?: string;
}

/** The ways into Kurz a change can come through. */
export type AuditSurface = "rest" | "dashboard" | "pages" | "mcp" | "grpc" | "import" | "admin";

/** A field's value before and after a change (null where there was none). Never a secret. */
export type AuditChanges = Record<string, { before: unknown; after: unknown }>;

/** One change as its service records it. */
export interface AuditRecord {
  workspaceId: string;
  action: string;
  target: { type: string; id: string };
  changes: AuditChanges;
  at: Date;
}
