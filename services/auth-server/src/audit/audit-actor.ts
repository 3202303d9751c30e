import type { AuditActor } from "@kurz/audit";

/** Who made a change, and through what (docs/api/workspaces.md#audit-log): @kurz/audit's actor. */
export type { AuditActor };

/** The operator's admin command (set-plan). */
export const OPERATOR: AuditActor = { type: "operator", surface: "admin" };

/** A person acting (the actor of member and workspace changes). */
export type PersonActor = AuditActor & { type: "person"; id: string };
