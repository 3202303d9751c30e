import { accessTokenOf, requireScope, type TokenVerifier } from "@kurz/auth-verifier";
import { AppError } from "@kurz/errors";
import { bearerSecurity, documentationOnly, errorResponses } from "@kurz/openapi";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { type ConversionRecorderDeps, recordConversion } from "../conversions/record-conversion";

const bodySchema = z
  .object({
    svc_click_id: z
      .string()
      .optional()
      .describe("The click id the redirect appended to the destination (required, or its legacy name)"),
    service_click_id: z.string().optional().describe("The legacy name of svc_click_id, still accepted"),
    event_name: z.string().describe("What happened: purchase, signup, ..."),
    value: z.number().optional(),
    currency: z.string().optional().describe("ISO 4217 code of value"),
    metadata: z.record(z.string(), z.unknown()).optional(),
  })
  .strict();

const conversionSchema = z.object({
  conversionId: z.string(),
  clickId: z.string(),
  link: z.object({ linkId: z.string(), host: z.string(), code: z.string() }),
  abTestId: z.string().describe("Empty unless the click was part of an A/B test"),
  variantId: z.string(),
  eventName: z.string(),
  value: z.number().nullable(),
  currency: z.string(),
  metadata: z.record(z.string(), z.unknown()).nullable(),
  occurredAt: z.string().describe("ISO 8601"),
});
const conversionResponse = z.object({ success: z.literal(true), conversion: conversionSchema });

/**
 * POST /api/v1/conversions (scope conversion:write; docs/api/analytics.md#conversions). 201 with
 * the recorded conversion; 200 with the same body when it was recorded before (same click, event
 * name and Idempotency-Key header).
 */
export function registerConversionRoutes(
  app: FastifyInstance,
  deps: ConversionRecorderDeps,
  verifier: TokenVerifier,
): void {
  app.post(
    "/api/v1/conversions",
    {
      preHandler: requireScope(verifier, "conversion:write"),
      schema: {
        tags: ["Conversions"],
        summary: "Record a conversion of a click",
        description:
          "201 with the recorded conversion; 200 with the same body when it was recorded before " +
          "(same click, event name and Idempotency-Key header).",
        headers: z.object({
          "idempotency-key": z.string().optional().describe("Makes a retried report count once"),
        }),
        body: bodySchema,
        response: {
          200: conversionResponse.describe("Recorded before"),
          201: conversionResponse.describe("Recorded"),
          ...errorResponses(404, 503),
        },
        security: bearerSecurity("conversion:write"),
      },
      // The handler checks the body with the same schema and names the missing click id.
      ...documentationOnly,
      // A report is idempotent by its own key: the conversion's id derives from the click, the
      // event name and Idempotency-Key, and a repeat answers the recorded conversion. The generic
      // replay (honorIdempotencyKeys) would also replay a 404 for a click that had not arrived
      // yet (its clicks wait in the broker during an outage), which a retry must get past.
      config: { idempotency: false },
    },
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
