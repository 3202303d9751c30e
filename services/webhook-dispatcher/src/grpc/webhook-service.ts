import { timestampDate } from "@bufbuild/protobuf/wkt";
import { AppError } from "@kurz/errors";
import { callingAccount, type GrpcServiceImplementation } from "@kurz/grpc";
import type { webhooksV1 } from "@kurz/proto";
import { mapDatabaseErrors } from "@kurz/relational";
import { optionalText, parseInput } from "@kurz/service-runtime";
import { z } from "zod";
import { DELIVERY_STATUSES } from "../db/schema";
import { listWebhookDeliveries } from "../deliveries/list-webhook-deliveries";
import { recoverWebhookDeliveries } from "../deliveries/recover-webhook-deliveries";
import { replayWebhookDelivery } from "../deliveries/replay-webhook-delivery";
import { sendTestWebhook } from "../deliveries/send-test-webhook";
import { createWebhook } from "../endpoints/create-webhook";
import { deleteWebhook } from "../endpoints/delete-webhook";
import { getWebhookOrThrow } from "../endpoints/get-webhook-or-throw";
import { listWebhooks } from "../endpoints/list-webhooks";
import { rotateWebhookSecret } from "../endpoints/rotate-webhook-secret";
import { updateWebhook } from "../endpoints/update-webhook";
import {
  createWebhookInputSchema,
  listWebhooksQuerySchema,
  updateWebhookInputSchema,
} from "../endpoints/webhook-input-schemas";
import type { WebhookContext } from "../webhook-context";
import { toDeliveryMessage, toWebhookMessage } from "./to-webhook-messages";

/** A required id: "" is refused like an unknown one, with the field named. */
function required(value: string, field: string): string {
  if (value.trim() === "") {
    throw new AppError("VALIDATION_ERROR", { message: `${field} is required`, details: { field } });
  }
  return value;
}

const deliveriesQuerySchema = listWebhooksQuerySchema.extend({
  status: z.enum(DELIVERY_STATUSES).optional(),
});

/** WebhookService: proto ↔ domain; validation is the REST routes' (the same zod schemas). */
export function createWebhookService(
  ctx: WebhookContext,
): GrpcServiceImplementation<typeof webhooksV1.WebhookService.method> {
  const now = () => ctx.clock.now();
  return mapDatabaseErrors({
    async createWebhook(request, context) {
      const input = parseInput(createWebhookInputSchema, {
        url: request.url,
        description: optionalText(request.description),
        event_types: request.eventTypes,
        link_ids: request.linkIds,
        enabled: request.enabled,
      });
      const created = await createWebhook(ctx, callingAccount(context), input);
      return { webhook: toWebhookMessage(created.endpoint, now(), created.secret) };
    },

    async getWebhook(request, context) {
      const accountId = callingAccount(context);
      const row = await getWebhookOrThrow(ctx.db, accountId, required(request.id, "id"));
      return { webhook: toWebhookMessage(row, now()) };
    },

    async listWebhooks(request, context) {
      const accountId = callingAccount(context);
      const query = parseInput(listWebhooksQuerySchema, {
        page: request.page?.page || undefined,
        limit: request.page?.limit || undefined,
      });
      const page = await listWebhooks(ctx.db, accountId, query);
      return {
        webhooks: page.items.map((row) => toWebhookMessage(row, now())),
        page: { page: page.page, limit: page.limit, total: BigInt(page.total) },
      };
    },

    async updateWebhook(request, context) {
      const input = parseInput(updateWebhookInputSchema, {
        url: request.url,
        description: request.description,
        event_types: request.eventTypes?.values,
        link_ids: request.linkIds?.values,
        enabled: request.enabled,
      });
      const row = await updateWebhook(ctx, callingAccount(context), required(request.id, "id"), input);
      return { webhook: toWebhookMessage(row, now()) };
    },

    async deleteWebhook(request, context) {
      await deleteWebhook(ctx, callingAccount(context), required(request.id, "id"));
      return {};
    },

    async rotateWebhookSecret(request, context) {
      const rotated = await rotateWebhookSecret(ctx, callingAccount(context), required(request.id, "id"));
      return { webhook: toWebhookMessage(rotated.endpoint, now(), rotated.secret) };
    },

    async sendTestWebhook(request, context) {
      const delivery = await sendTestWebhook(ctx, callingAccount(context), required(request.id, "id"));
      return { delivery: toDeliveryMessage(delivery, now()) };
    },

    async listWebhookDeliveries(request, context) {
      const accountId = callingAccount(context);
      const query = parseInput(deliveriesQuerySchema, {
        status: optionalText(request.status),
        page: request.page?.page || undefined,
        limit: request.page?.limit || undefined,
      });
      const endpoint = await getWebhookOrThrow(ctx.db, accountId, required(request.webhookId, "webhook_id"));
      const page = await listWebhookDeliveries(ctx.db, endpoint.id, query);
      return {
        deliveries: page.items.map((item) => toDeliveryMessage(item, now())),
        page: { page: page.page, limit: page.limit, total: BigInt(page.total) },
      };
    },

    async replayWebhookDelivery(request, context) {
      const delivery = await replayWebhookDelivery(
        ctx,
        callingAccount(context),
        required(request.webhookId, "webhook_id"),
        required(request.deliveryId, "delivery_id"),
      );
      return { delivery: toDeliveryMessage(delivery, now()) };
    },

    async recoverWebhookDeliveries(request, context) {
      if (!request.since) {
        throw new AppError("VALIDATION_ERROR", { message: "since is required", details: { field: "since" } });
      }
      const recovered = await recoverWebhookDeliveries(
        ctx,
        callingAccount(context),
        required(request.webhookId, "webhook_id"),
        timestampDate(request.since),
      );
      return { recovered };
    },
  });
}
