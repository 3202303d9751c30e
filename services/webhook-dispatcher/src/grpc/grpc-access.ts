import type { Scope } from "@kurz/auth-verifier";
import type { GrpcServiceAccess, MethodAccess } from "@kurz/grpc";
import type { webhooksV1 } from "@kurz/proto";

const account = (scope: Scope): MethodAccess => ({ account: scope });

/**
 * Who may call each WebhookService method: a call acting for an account whose token grants the
 * scope of the method's REST twin (a forwarded access token, or an MCP key's internal token).
 */
export const WEBHOOK_SERVICE_ACCESS: GrpcServiceAccess<(typeof webhooksV1.WebhookService)["method"]> = {
  createWebhook: account("webhook:write"),
  getWebhook: account("webhook:read"),
  listWebhooks: account("webhook:read"),
  updateWebhook: account("webhook:write"),
  deleteWebhook: account("webhook:write"),
  rotateWebhookSecret: account("webhook:write"),
  sendTestWebhook: account("webhook:write"),
  listWebhookDeliveries: account("webhook:read"),
  replayWebhookDelivery: account("webhook:write"),
  recoverWebhookDeliveries: account("webhook:write"),
};
