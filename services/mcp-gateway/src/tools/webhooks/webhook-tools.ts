import type { ToolDefinition } from "../tool-definition";
import { createWebhook } from "./create-webhook";
import { deleteWebhook } from "./delete-webhook";
import { listWebhookDeliveries } from "./list-webhook-deliveries";
import { listWebhooks } from "./list-webhooks";
import { testWebhook } from "./test-webhook";
import { updateWebhook } from "./update-webhook";

/** The webhook tools, served after the other categories (docs/api/mcp.md#webhook-tools). */
export const WEBHOOK_TOOLS = [
  listWebhooks,
  createWebhook,
  updateWebhook,
  deleteWebhook,
  testWebhook,
  listWebhookDeliveries,
] as unknown as readonly ToolDefinition[];
