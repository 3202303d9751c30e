import { callingAccount, type GrpcServiceImplementation } from "@kurz/grpc";
import { qrV1 } from "@kurz/proto";
import { mapDatabaseErrors } from "@kurz/relational";
import { optionalText, parseInput } from "@kurz/service-runtime";
import type { LinkApiContext } from "../link-api-context";
import { createQrCode } from "../qr/create-qr-code";
import { deleteQrCode } from "../qr/delete-qr-code";
import { QR_TYPE_ENUM, toQrCodeMessage } from "../qr/enqueue-qr-changed";
import { getQrCodeOrThrow } from "../qr/get-qr-code-or-throw";
import { countQrCodes, listQrCodes } from "../qr/list-qr-codes";
import type { QrContentType } from "../qr/qr-content";
import { createQrInputSchema, listQrQuerySchema, updateQrInputSchema } from "../qr/qr-input-schemas";
import { renderQrRecord } from "../qr/render-qr-record";
import { updateQrCode } from "../qr/update-qr-code";
import { legacyMaxOf, limitToProto } from "./limit-to-proto";
import { pageInfoOf, pageOf } from "./page-request";

const TYPE_NAMES = new Map(
  Object.entries(QR_TYPE_ENUM).map(([name, value]) => [value, name as QrContentType]),
);

const pick = <T extends string>(map: Record<number, T>, value: number): T | undefined => map[value];

function styleInput(style: qrV1.QrStyle | undefined) {
  if (!style) return {};
  return {
    size: style.size || undefined,
    foregroundColor: optionalText(style.foregroundColor),
    backgroundColor: optionalText(style.backgroundColor),
    format: pick({ [qrV1.QrFormat.PNG]: "png", [qrV1.QrFormat.SVG]: "svg" }, style.format),
    errorCorrection: pick(
      {
        [qrV1.ErrorCorrectionLevel.L]: "L",
        [qrV1.ErrorCorrectionLevel.M]: "M",
        [qrV1.ErrorCorrectionLevel.Q]: "Q",
        [qrV1.ErrorCorrectionLevel.H]: "H",
      },
      style.errorCorrection,
    ),
    margin: style.margin,
    moduleShape: pick(
      {
        [qrV1.ModuleShape.SQUARE]: "square",
        [qrV1.ModuleShape.ROUNDED]: "rounded",
        [qrV1.ModuleShape.DOTS]: "dots",
      },
      style.moduleShape,
    ),
    finderShape: pick(
      {
        [qrV1.FinderShape.SQUARE]: "square",
        [qrV1.FinderShape.ROUNDED]: "rounded",
        [qrV1.FinderShape.CIRCLE]: "circle",
      },
      style.finderShape,
    ),
  };
}

const base64 = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64");

export function createQrService(
  ctx: LinkApiContext,
): GrpcServiceImplementation<typeof qrV1.QrService.method> {
  const toMessage = (record: Parameters<typeof toQrCodeMessage>[0]) => toQrCodeMessage(record, ctx.hosts);
  return mapDatabaseErrors({
    async createQrCode(request, context) {
      const accountId = callingAccount(context);
      const input = parseInput(createQrInputSchema, {
        type: TYPE_NAMES.get(request.type),
        content: request.content,
        name: optionalText(request.name),
        ...styleInput(request.style),
        dynamic: request.dynamic,
        password: optionalText(request.password),
        logo: request.logo.length > 0 ? base64(request.logo) : undefined,
      });
      return { qrCode: toMessage(await createQrCode(ctx, accountId, input)) };
    },

    async getQrCode(request, context) {
      return { qrCode: toMessage(await getQrCodeOrThrow(ctx.db, callingAccount(context), request.id)) };
    },

    async listQrCodes(request, context) {
      const query = parseInput(listQrQuerySchema, {
        ...pageOf(request.page),
        search: optionalText(request.search),
        type: TYPE_NAMES.get(request.type),
      });
      const page = await listQrCodes(ctx.db, callingAccount(context), query);
      return { qrCodes: page.items.map(toMessage), page: pageInfoOf(page) };
    },

    async updateQrCode(request, context) {
      const accountId = callingAccount(context);
      const input = parseInput(updateQrInputSchema, {
        name: request.name,
        content: request.content,
        ...styleInput(request.style),
        password: request.password === undefined ? undefined : request.password || null,
        logo: request.removeLogo ? null : request.logo.length > 0 ? base64(request.logo) : undefined,
      });
      return { qrCode: toMessage(await updateQrCode(ctx, accountId, request.id, input)) };
    },

    async deleteQrCode(request, context) {
      return { qrCode: toMessage(await deleteQrCode(ctx, callingAccount(context), request.id)) };
    },

    async renderQrCode(request, context) {
      const record = await getQrCodeOrThrow(ctx.db, callingAccount(context), request.id);
      const format = pick(
        { [qrV1.QrFormat.PNG]: "png", [qrV1.QrFormat.SVG]: "svg" } as const,
        request.format,
      );
      const size = request.size === 0 ? undefined : request.size;
      if (size !== undefined) parseInput(createQrInputSchema.shape.size, size);
      const image = renderQrRecord(record, { format, size });
      return { image: image.bytes, contentType: image.contentType };
    },

    async countQrCodes(_request, context) {
      const accountId = callingAccount(context);
      const [counts, plan] = await Promise.all([
        countQrCodes(ctx.db, accountId),
        ctx.plans.getPlan(accountId),
      ]);
      return {
        total: BigInt(counts.total),
        dynamic: BigInt(counts.dynamic),
        qrCodeLimit: limitToProto(plan.maxQrCodes),
        maxQrCodes: legacyMaxOf(plan.maxQrCodes),
      };
    },
  });
}
