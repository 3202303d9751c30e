import { accessTokenOf, requireScope, type TokenVerifier } from "@kurz/auth-verifier";
import { AppError } from "@kurz/errors";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { type ConversionRecorderDeps, recordConversion } from "../conversions/record-conversion";

const bodySchema = z
  .object({
    svc_click_id: z.string().optional(),
    /** The legacy name of svc_click_id (spec §9). */
    service_click_id: z.string().optional(),
    event_name: z.string(),
    value: z.number().optional(),
    currency: z.string().optional(),
    metadata: z.record(z.string(), z.unknown()).optional(),
  })
  .strict();

/**
 * POST /api/v1/conversions (scope conversion:write), spec §2.7. 201 with the recorded
 * conversion; 200 with the same body when it was recorded before (same click, event name and
 * Idempotency-Key header).
 */
export function registerConversionRoutes(
  app: FastifyInstance,
  deps: ConversionRecorderDeps,
  verifier: TokenVerifier,
): void {
  app.post(
    "/api/v1/conversions",
    { preHandler: requireScope(verifier, "conversion:write") },
    async (request, reply) => {
      const parsed = bodySchema.safeParse(request.body);
      if (!parsed.success) {
        throw new AppError("VALIDATION_ERROR", {
          message: "Invalid conversion",
          details: {
            issues: parsed.error.issues.map((i) => ({ path: i.path.join("."), message: i.message })),
          },
        });
      }
      const body = parsed.data;
      const clickId = body.svc_click_id ?? body.service_click_id;
      if (clickId === undefined) {
        throw new AppError("VALIDATION_ERROR", {
          message: "svc_click_id is required",
          details: { field: "svc_click_id" },
        });
      }
      const idempotencyKey = request.headers["idempotency-key"];
      const { conversion, created } = await recordConversion(deps, accessTokenOf(request).accountId, {
        svcClickId: clickId,
        eventName: body.event_name,
        value: body.value,
        currency: body.currency ?? "",
        metadata: body.metadata,
        idempotencyKey: typeof idempotencyKey === "string" ? idempotencyKey : "",
      });
      return reply.code(created ? 201 : 200).send({ success: true, conversion });
    },
  );
}
