import type { components } from "../../api/schema.generated";

/** One recorded change: when, who, through what, the action, its target and the fields changed. */
export type AuditEntry = components["schemas"]["AuditEntry"];
