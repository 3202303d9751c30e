import type { ToolDefinition } from "../tool-definition";
import { createWebhook } from "./create-webhook";
import { deleteWebhook } from "./delete-webhook";
import { listWebhookDeliveries } from "./list-webhook-deliveries";
import { listWebhooks } from "./list-webhooks";
import { testWebhook } from "./test-webhook";
import { updateWebhook } from "./update-webhook";

/** The webhook tools (not in spec §4.4: Kurz's own, served after the spec's categories). */
export const WEBHOOK_TOOLS = [
  listWebhooks,
  createWebhook,
  updateWebhook,
  deleteWebhook,
  testWebhook,
  listWebhookDeliveries,
] as unknown as readonly ToolDefinition[];
