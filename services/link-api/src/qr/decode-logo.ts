import { AppError } from "@kurz/errors";
import jpeg from "jpeg-js";
import { PNG } from "pngjs";

/** Largest logo upload, decoded bytes. */
export const MAX_LOGO_BYTES = 256 * 1024;
const MAX_LOGO_SIDE = 2048;

export interface DecodedLogo {
  mimeType: "image/png" | "image/jpeg";
  /** The uploaded bytes, kept for SVG output (embedded as a data URI). */
  bytes: Uint8Array;
  width: number;
  height: number;
  /** RGBA, row-major. */
  rgba: Uint8Array;
}

function mimeTypeOf(bytes: Uint8Array): DecodedLogo["mimeType"] | undefined {
  if (bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47) return "image/png";
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "image/jpeg";
  return undefined;
}

/** Decodes an uploaded PNG or JPEG; 413 when too large, 400 when not a readable image. */
export function decodeLogo(bytes: Uint8Array): DecodedLogo {
  if (bytes.byteLength > MAX_LOGO_BYTES) {
    throw new AppError("PAYLOAD_TOO_LARGE", {
      message: `logo must be at most ${MAX_LOGO_BYTES / 1024} KiB`,
      details: { field: "logo", maxBytes: MAX_LOGO_BYTES },
    });
  }
  const mimeType = mimeTypeOf(bytes);
  if (!mimeType) {
    throw new AppError("VALIDATION_ERROR", {
      message: "logo must be a PNG or JPEG image",
      details: { field: "logo" },
    });
  }
  try {
    const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const image =
      mimeType === "image/png"
        ? PNG.sync.read(buffer)
        : jpeg.decode(buffer, {
            useTArray: true,
            formatAsRGBA: true,
            maxResolutionInMP: 5,
            maxMemoryUsageInMB: 64,
          });
    if (image.width > MAX_LOGO_SIDE || image.height > MAX_LOGO_SIDE || image.width < 1 || image.height < 1) {
      throw new AppError("VALIDATION_ERROR", {
        message: `logo must be at most ${MAX_LOGO_SIDE}×${MAX_LOGO_SIDE} pixels`,
        details: { field: "logo" },
      });
    }
    return { mimeType, bytes, width: image.width, height: image.height, rgba: new Uint8Array(image.data) };
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError("VALIDATION_ERROR", {
      message: "logo is not a readable image",
      details: { field: "logo" },
    });
  }
}

/** A logo as sent in JSON: a data URI (data:image/png;base64,...) or bare base64. */
export function logoBytesFromText(text: string): Uint8Array {
  const match = /^data:image\/(png|jpeg|jpg);base64,(.*)$/s.exec(text.trim());
  const base64 = (match ? match[2]! : text).replace(/\s+/g, "");
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(base64) || base64.length === 0) {
    throw new AppError("VALIDATION_ERROR", {
      message: "logo must be a base64 PNG or JPEG (optionally as a data: URI)",
      details: { field: "logo" },
    });
  }
  return new Uint8Array(Buffer.from(base64, "base64"));
}
