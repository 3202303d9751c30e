import { accessTokenOf, requireScope, type Scope, type TokenVerifier } from "@kurz/auth-verifier";
import { bearerSecurity, errorResponses } from "@kurz/openapi";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { DELIVERY_STATUSES } from "../db/schema";
import { listWebhookDeliveries } from "../deliveries/list-webhook-deliveries";
import { recoverWebhookDeliveries } from "../deliveries/recover-webhook-deliveries";
import { replayWebhookDelivery } from "../deliveries/replay-webhook-delivery";
import { sendTestWebhook } from "../deliveries/send-test-webhook";
import { deliveryViewSchema, toDeliveryView } from "../deliveries/to-delivery-view";
import { createWebhook } from "../endpoints/create-webhook";
import { deleteWebhook } from "../endpoints/delete-webhook";
import { getWebhookOrThrow } from "../endpoints/get-webhook-or-throw";
import { listWebhooks } from "../endpoints/list-webhooks";
import { rotateWebhookSecret } from "../endpoints/rotate-webhook-secret";
import { toWebhookView, webhookViewSchema } from "../endpoints/to-webhook-view";
import { updateWebhook } from "../endpoints/update-webhook";
import {
  createWebhookInputSchema,
  listWebhooksQuerySchema,
  updateWebhookInputSchema,
} from "../endpoints/webhook-input-schemas";
import type { WebhookContext } from "../webhook-context";

const idParams = z.object({ id: z.string().max(100).describe("The webhook endpoint's id") });
const deliveryParams = idParams.extend({ deliveryId: z.string().max(100).describe("The delivery's id") });
const webhookResponse = z.object({ success: z.literal(true), webhook: webhookViewSchema });
const deliveryResponse = z.object({ success: z.literal(true), delivery: deliveryViewSchema });
const paginationSchema = z.object({
  page: z.number(),
  limit: z.number(),
  total: z.number(),
  totalPages: z.number(),
});
const pagination = (page: { page: number; limit: number; total: number }) => ({
  page: page.page,
  limit: page.limit,
  total: page.total,
  totalPages: Math.ceil(page.total / page.limit),
});

const accountOf = (request: FastifyRequest) => accessTokenOf(request).accountId;

/**
 * /api/v1/webhooks: the account's endpoints and their deliveries (Business plan and up), scopes
 * webhook:read and webhook:write. Secrets appear only in the answers of create and rotate.
 */
export function registerWebhookRoutes(
  root: FastifyInstance,
  deps: { ctx: WebhookContext; verifier: TokenVerifier },
): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { ctx } = deps;
  const tags = ["Webhooks"];
  const guard = (scope: Scope) => ({ preHandler: requireScope(deps.verifier, scope) });
  const now = () => ctx.clock.now();

  app.post("/webhooks", {
    ...guard("webhook:write"),
    schema: {
      tags,
      summary: "Create a webhook endpoint",
      description:
        "The URL must be https on a public address; it is checked now and at every delivery. " +
        "The answer carries the signing secret (whsec_…) — the only time it is shown.",
      body: createWebhookInputSchema,
      response: { 201: webhookResponse, ...errorResponses(403, 503) },
      security: bearerSecurity("webhook:write"),
    },
    handler: async (request, reply) => {
      const created = await createWebhook(ctx, accountOf(request), request.body);
      return reply
        .code(201)
        .send({ success: true as const, webhook: toWebhookView(created.endpoint, now(), created.secret) });
    },
  });

  app.get("/webhooks", {
    ...guard("webhook:read"),
    schema: {
      tags,
      summary: "List your webhook endpoints, newest first",
      querystring: listWebhooksQuerySchema,
      response: {
        200: z.object({
          success: z.literal(true),
          webhooks: z.array(webhookViewSchema),
          pagination: paginationSchema,
        }),
        ...errorResponses(403),
      },
      security: bearerSecurity("webhook:read"),
    },
    handler: async (request) => {
      const accountId = accountOf(request);
      const page = await listWebhooks(ctx.db, accountId, request.query);
      return {
        success: true as const,
        webhooks: page.items.map((row) => toWebhookView(row, now())),
        pagination: pagination(page),
      };
    },
  });

  app.get("/webhooks/:id", {
    ...guard("webhook:read"),
    schema: {
      tags,
      summary: "Get a webhook endpoint",
      params: idParams,
      response: { 200: webhookResponse, ...errorResponses(403, 404) },
      security: bearerSecurity("webhook:read"),
    },
    handler: async (request) => {
      const accountId = accountOf(request);
      const row = await getWebhookOrThrow(ctx.db, accountId, request.params.id);
      return { success: true as const, webhook: toWebhookView(row, now()) };
    },
  });

  app.patch("/webhooks/:id", {
    ...guard("webhook:write"),
    schema: {
      tags,
      summary: "Update a webhook endpoint",
      description:
        "enabled: true also re-enables an endpoint Kurz disabled; recover its failed deliveries after.",
      params: idParams,
      body: updateWebhookInputSchema,
      response: { 200: webhookResponse, ...errorResponses(403, 404, 503) },
      security: bearerSecurity("webhook:write"),
    },
    handler: async (request) => {
      const row = await updateWebhook(ctx, accountOf(request), request.params.id, request.body);
      return { success: true as const, webhook: toWebhookView(row, now()) };
    },
  });

  app.delete("/webhooks/:id", {
    ...guard("webhook:write"),
    schema: {
      tags,
      summary: "Delete a webhook endpoint and its delivery log",
      params: idParams,
      response: { 200: z.object({ success: z.literal(true) }), ...errorResponses(403, 404) },
      security: bearerSecurity("webhook:write"),
    },
    handler: async (request) => {
      await deleteWebhook(ctx, accountOf(request), request.params.id);
      return { success: true as const };
    },
  });

  app.post("/webhooks/:id/rotate-secret", {
    ...guard("webhook:write"),
    schema: {
      tags,
      summary: "Rotate the signing secret",
      description:
        "The answer carries the new secret. The previous one keeps signing beside it for 24 h " +
        "(two signatures in webhook-signature), so receivers can switch without losing a delivery.",
      params: idParams,
      response: { 200: webhookResponse, ...errorResponses(403, 404) },
      security: bearerSecurity("webhook:write"),
    },
    handler: async (request) => {
      const rotated = await rotateWebhookSecret(ctx, accountOf(request), request.params.id);
      return { success: true as const, webhook: toWebhookView(rotated.endpoint, now(), rotated.secret) };
    },
  });

  app.post("/webhooks/:id/test", {
    ...guard("webhook:write"),
    schema: {
      tags,
      summary: "Send a webhook.test event to the endpoint",
      description:
        "Queued and delivered like any event (signed, retried, logged); list deliveries to see the result.",
      params: idParams,
      response: {
        202: z.object({ success: z.literal(true), delivery_id: z.string() }),
        ...errorResponses(403, 404, 409),
      },
      security: bearerSecurity("webhook:write"),
    },
    handler: async (request, reply) => {
      const queued = await sendTestWebhook(ctx, accountOf(request), request.params.id);
      return reply.code(202).send({ success: true as const, delivery_id: queued.delivery.id });
    },
  });

  app.get("/webhooks/:id/deliveries", {
    ...guard("webhook:read"),
    schema: {
      tags,
      summary: "List the endpoint's deliveries, newest first, with their last attempt",
      params: idParams,
      querystring: listWebhooksQuerySchema.extend({ status: z.enum(DELIVERY_STATUSES).optional() }),
      response: {
        200: z.object({
          success: z.literal(true),
          deliveries: z.array(deliveryViewSchema),
          pagination: paginationSchema,
        }),
        ...errorResponses(403, 404),
      },
      security: bearerSecurity("webhook:read"),
    },
    handler: async (request) => {
      const accountId = accountOf(request);
      const endpoint = await getWebhookOrThrow(ctx.db, accountId, request.params.id);
      const page = await listWebhookDeliveries(ctx.db, endpoint.id, request.query);
      return {
        success: true as const,
        deliveries: page.items.map((item) => toDeliveryView(item, now())),
        pagination: pagination(page),
      };
    },
  });

  app.post("/webhooks/:id/deliveries/:deliveryId/replay", {
    ...guard("webhook:write"),
    schema: {
      tags,
      summary: "Send one delivery again (same webhook-id), now",
      params: deliveryParams,
      response: { 200: deliveryResponse, ...errorResponses(403, 404, 409) },
      security: bearerSecurity("webhook:write"),
    },
    handler: async (request) => {
      const delivery = await replayWebhookDelivery(
        ctx,
        accountOf(request),
        request.params.id,
        request.params.deliveryId,
      );
      return { success: true as const, delivery: toDeliveryView(delivery, now()) };
    },
  });

  app.post("/webhooks/:id/recover", {
    ...guard("webhook:write"),
    schema: {
      tags,
      summary: "Queue again every failed delivery since a time",
      body: z.strictObject({
        since: z.iso.datetime({ offset: true }).describe("ISO 8601: when the outage began"),
      }),
      params: idParams,
      response: {
        202: z.object({ success: z.literal(true), recovered: z.number() }),
        ...errorResponses(403, 404, 409),
      },
      security: bearerSecurity("webhook:write"),
    },
    handler: async (request, reply) => {
      const recovered = await recoverWebhookDeliveries(
        ctx,
        accountOf(request),
        request.params.id,
        new Date(request.body.since),
      );
      return reply.code(202).send({ success: true as const, recovered });
    },
  });
}
