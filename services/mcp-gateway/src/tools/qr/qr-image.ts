import { qrV1 } from "@kurz/proto";
import { z } from "zod";
import type { ToolClients } from "../tool-clients";
import type { QrCodeOutput } from "./qr-code-output";

/** Largest image a tool result carries (it travels base64, twice: as text and as structured content). */
export const IMAGE_MAX_BYTES = 32 * 1024;
/** Side of the PNG preview sent instead of a stored rendering over the limit. */
const PREVIEW_SIZE = 300;

export const qrImageSchema = z
  .object({
    contentType: z.enum(["image/png", "image/svg+xml"]),
    size: z.number().int().describe("Pixels per side of this rendering"),
    bytes: z.number().int(),
    dataUrl: z.string().describe("The image as a data: URL, to show (<img src>) or save"),
    preview: z
      .boolean()
      .describe(
        `true: a ${PREVIEW_SIZE}-px PNG preview, the stored rendering being over ${IMAGE_MAX_BYTES / 1024} KiB`,
      ),
  })
  .nullable()
  .describe(
    `The image; null when not asked for, or when even a preview is over ${IMAGE_MAX_BYTES / 1024} KiB (the REST API's GET /api/v1/qr-codes/{id}/image serves every size)`,
  );

export type QrImageOutput = z.output<typeof qrImageSchema>;

/**
 * The code's image for a tool result: as stored when it is small enough, else a PNG preview, else
 * null. Never fails: the code exists either way, and a failed rendering must not make an agent
 * create it again.
 */
export async function qrImageOf(clients: ToolClients, code: QrCodeOutput): Promise<QrImageOutput> {
  const attempt = async (format: qrV1.QrFormat, size: number, preview: boolean): Promise<QrImageOutput> => {
    try {
      const rendered = await clients.qr.renderQrCode({ id: code.id, format, size });
      if (rendered.image.byteLength > IMAGE_MAX_BYTES) return null;
      const contentType = rendered.contentType === "image/svg+xml" ? "image/svg+xml" : "image/png";
      return {
        contentType,
        size: size || code.size,
        bytes: rendered.image.byteLength,
        dataUrl: `data:${contentType};base64,${Buffer.from(rendered.image).toString("base64")}`,
        preview,
      };
    } catch {
      return null;
    }
  };
  const stored = await attempt(qrV1.QrFormat.UNSPECIFIED, 0, false);
  if (stored !== null || (code.format === "png" && code.size <= PREVIEW_SIZE)) return stored;
  return attempt(qrV1.QrFormat.PNG, Math.min(code.size, PREVIEW_SIZE), true);
}
