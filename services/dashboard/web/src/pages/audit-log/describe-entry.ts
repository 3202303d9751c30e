import type { AuditEntry } from "./audit-entry";

const ACTOR_TYPES: Record<string, string> = {
  person: "Person",
  api_key: "API key",
  operator: "Operator",
};

const SURFACES: Record<string, string> = {
  rest: "REST API",
  dashboard: "Dashboard",
  pages: "Kurz pages",
  mcp: "MCP",
  grpc: "gRPC",
  admin: "Operator tools",
};

const TARGET_TYPES: Record<string, string> = {
  workspace: "Workspace",
  member: "Member",
  invitation: "Invitation",
  api_key: "API key",
};

const typeLabel = (labels: Record<string, string>, type: string) => labels[type] ?? type;

/** Who acted: a person's e-mail address, else what acted and its id ("Operator", "API key 7f…"). */
export function describeActor(actor: AuditEntry["actor"]): string {
  if (actor.email) return actor.email;
  const type = typeLabel(ACTOR_TYPES, actor.type);
  return actor.id ? `${type} ${actor.id}` : type;
}

/** Through what the change came: "Dashboard", "REST API"… */
export const describeSurface = (surface: string): string => typeLabel(SURFACES, surface);

export const describeTargetType = (type: string): string => typeLabel(TARGET_TYPES, type);

/** A value before or after a change: "—" for none, text as it is, anything else as JSON. */
export function describeValue(value: unknown): string {
  if (value === null || value === undefined || value === "") return "—";
  return typeof value === "string" ? value : JSON.stringify(value);
}

/** The fields changed, each as "field: before → after". */
export const describeChanges = (changes: AuditEntry["changes"]): string[] =>
  Object.entries(changes).map(
    ([field, change]) => `${field}: ${describeValue(change.before)} → ${describeValue(change.after)}`,
  );
