import { auditFields } from "@kurz/audit";
import type { WebhookEndpointRow } from "../db/schema";

/** An endpoint's fields as its audit entries show them: never its signing secrets. */
export function webhookAuditFields(endpoint: WebhookEndpointRow): Record<string, unknown> {
  return auditFields(endpoint, ["secretSealed", "previousSecretSealed", "previousSecretExpiresAt"]);
}
