import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { limitToJson } from "../accounts/account-plans";
import type { LinkApiContext } from "../link-api-context";
import { createQrCode } from "../qr/create-qr-code";
import { deleteQrCode } from "../qr/delete-qr-code";
import { getQrCodeOrThrow } from "../qr/get-qr-code-or-throw";
import { countQrCodes, listQrCodes } from "../qr/list-qr-codes";
import { previewQrCode } from "../qr/preview-qr-code";
import {
  createQrInputSchema,
  listQrQuerySchema,
  renderQrQuerySchema,
  updateQrInputSchema,
} from "../qr/qr-input-schemas";
import type { QrRecord } from "../qr/qr-record";
import { renderQrRecord } from "../qr/render-qr-record";
import { qrViewSchema, toQrView } from "../qr/to-qr-view";
import { updateQrCode } from "../qr/update-qr-code";
import type { ApiDependencies } from "./api-dependencies";
import { errorResponses } from "./error-responses";
import { accountOf, guard, securityOf } from "./guard";
import { paginationOf, paginationSchema } from "./pagination";

const idParams = z.object({ id: z.string().max(64).describe("QR code UUID") });
const qrResponse = z.object({ success: z.literal(true), qrCode: qrViewSchema });
const createdResponse = qrResponse.extend({
  image: z.string().describe("The rendered image as a data: URI (image/png or image/svg+xml, base64)"),
});

function withImage(record: QrRecord, ctx: LinkApiContext) {
  const image = renderQrRecord(record);
  return {
    success: true as const,
    qrCode: toQrView(record, ctx.hosts),
    image: `data:${image.contentType};base64,${Buffer.from(image.bytes).toString("base64")}`,
  };
}

/**
 * QR routes (docs/api/qr-codes.md#routes). POST /qr, POST /qr-codes/generate and POST /qr-codes
 * all create and store a code and answer with its record and its image; POST /qr-codes/preview
 * draws the same input without storing anything (a designer's live preview).
 */
export function registerQrRoutes(root: FastifyInstance, deps: ApiDependencies): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { ctx } = deps;
  const tags = ["QR codes"];

  for (const path of ["/qr", "/qr-codes/generate", "/qr-codes"]) {
    app.post(path, {
      preHandler: guard(deps, "qrcode:create"),
      schema: {
        tags,
        summary: "Create a QR code",
        body: createQrInputSchema,
        response: { 201: createdResponse, ...errorResponses(409, 413) },
        security: securityOf("qrcode:create"),
      },
      handler: async (request, reply) => {
        const record = await createQrCode(ctx, accountOf(request), request.body);
        return reply.code(201).send(withImage(record, ctx));
      },
    });
  }

  app.post("/qr-codes/preview", {
    preHandler: guard(deps, "qrcode:create"),
    schema: {
      tags,
      summary: "Preview a QR code: its image for this design, stored nowhere",
      description:
        "The body is the one POST /qr-codes takes, checked the same way; the answer is the image (PNG or SVG, by `format`). Nothing is stored, nothing counts against the plan's QR codes, no event is sent. A dynamic or password-protected code's preview encodes a stand-in short link of the length the saved one gets.",
      body: createQrInputSchema,
      security: securityOf("qrcode:create"),
    },
    handler: async (request, reply) => {
      const image = previewQrCode(ctx, request.body);
      return reply
        .header("content-type", image.contentType)
        .header("cache-control", "no-store")
        .send(Buffer.from(image.bytes));
    },
  });

  app.get("/qr-codes", {
    preHandler: guard(deps, "qrcode:read"),
    schema: {
      tags,
      summary: "List your QR codes",
      querystring: listQrQuerySchema,
      response: {
        200: z.object({
          success: z.literal(true),
          qrCodes: z.array(qrViewSchema),
          pagination: paginationSchema,
        }),
        ...errorResponses(),
      },
      security: securityOf("qrcode:read"),
    },
    handler: async (request) => {
      const page = await listQrCodes(ctx.db, accountOf(request), request.query);
      return {
        success: true as const,
        qrCodes: page.items.map((record) => toQrView(record, ctx.hosts)),
        pagination: paginationOf(page),
      };
    },
  });

  app.get("/qr-codes/stats", {
    preHandler: guard(deps, "qrcode:read"),
    schema: {
      tags,
      summary: "Counts of your QR codes",
      response: {
        200: z.object({
          success: z.literal(true),
          total: z.number(),
          dynamic: z.number(),
          maxQrCodes: z.number().nullable().describe("The plan's maximum; null: unlimited, 0: not included"),
        }),
        ...errorResponses(),
      },
      security: securityOf("qrcode:read"),
    },
    handler: async (request) => {
      const accountId = accountOf(request);
      const [counts, plan] = await Promise.all([
        countQrCodes(ctx.db, accountId),
        ctx.plans.getPlan(accountId),
      ]);
      return { success: true as const, ...counts, maxQrCodes: limitToJson(plan.maxQrCodes) };
    },
  });

  app.get("/qr-codes/:id", {
    preHandler: guard(deps, "qrcode:read"),
    schema: {
      tags,
      summary: "Get a QR code",
      params: idParams,
      response: { 200: qrResponse, ...errorResponses(404) },
      security: securityOf("qrcode:read"),
    },
    handler: async (request) => {
      const record = await getQrCodeOrThrow(ctx.db, accountOf(request), request.params.id);
      return { success: true as const, qrCode: toQrView(record, ctx.hosts) };
    },
  });

  app.get("/qr-codes/:id/image", {
    preHandler: guard(deps, "qrcode:read"),
    schema: {
      tags,
      summary: "The QR code's image (PNG or SVG)",
      params: idParams,
      querystring: renderQrQuerySchema,
      security: securityOf("qrcode:read"),
    },
    handler: async (request, reply) => {
      const record = await getQrCodeOrThrow(ctx.db, accountOf(request), request.params.id);
      const image = renderQrRecord(record, request.query);
      return reply
        .header("content-type", image.contentType)
        .header("cache-control", "private, max-age=60")
        .send(Buffer.from(image.bytes));
    },
  });

  app.patch("/qr-codes/:id", {
    preHandler: guard(deps, "qrcode:update"),
    schema: {
      tags,
      summary: "Update a QR code (content of dynamic codes only)",
      params: idParams,
      body: updateQrInputSchema,
      response: { 200: qrResponse, ...errorResponses(404, 409, 413) },
      security: securityOf("qrcode:update"),
    },
    handler: async (request) => {
      const record = await updateQrCode(ctx, accountOf(request), request.params.id, request.body);
      return { success: true as const, qrCode: toQrView(record, ctx.hosts) };
    },
  });

  app.delete("/qr-codes/:id", {
    preHandler: guard(deps, "qrcode:delete"),
    schema: {
      tags,
      summary: "Delete a QR code (and its short link)",
      params: idParams,
      response: { 200: qrResponse, ...errorResponses(404) },
      security: securityOf("qrcode:delete"),
    },
    handler: async (request) => {
      const record = await deleteQrCode(ctx, accountOf(request), request.params.id);
      return { success: true as const, qrCode: toQrView(record, ctx.hosts) };
    },
  });
}
