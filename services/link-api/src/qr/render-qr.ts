import { AppError } from "@kurz/errors";
import QRCode from "qrcode";
import { buildQrScene } from "./build-qr-scene";
import type { DecodedLogo } from "./decode-logo";
import { MIN_MODULE_PIXELS, type QrStyle } from "./qr-style";
import { rasterizeQrScene } from "./rasterize-qr-scene";
import { serializeQrScene } from "./serialize-qr-scene";

export interface RenderedQr {
  bytes: Uint8Array;
  contentType: "image/png" | "image/svg+xml";
}

/** The error correction a code is drawn with: H whenever a logo covers part of the symbol. */
export function effectiveErrorCorrection(style: QrStyle, hasLogo: boolean): QrStyle["errorCorrection"] {
  return hasLogo ? "H" : style.errorCorrection;
}

/** The module matrix; VALIDATION_ERROR when the payload does not fit a QR code at that level. */
function matrixOf(payload: string, level: QrStyle["errorCorrection"]) {
  try {
    return QRCode.create(payload, { errorCorrectionLevel: level }).modules;
  } catch {
    throw new AppError("VALIDATION_ERROR", {
      message: `content is too long for a QR code at error correction ${level}`,
      details: { field: "content", payloadLength: payload.length },
    });
  }
}

/** Checks a payload and style together (what fits, what is readable) without drawing. */
export function checkRenderable(payload: string, style: QrStyle, hasLogo: boolean): void {
  const matrix = matrixOf(payload, effectiveErrorCorrection(style, hasLogo));
  const modules = matrix.size + 2 * style.margin;
  if (style.size / modules < MIN_MODULE_PIXELS) {
    throw new AppError("VALIDATION_ERROR", {
      message: `size must be at least ${modules * MIN_MODULE_PIXELS} pixels for this content (${modules} modules)`,
      details: { field: "size", minimum: modules * MIN_MODULE_PIXELS },
    });
  }
}

/** The one QR renderer: matrix (qrcode) → scene → PNG (pngjs) or SVG. */
export function renderQr(payload: string, style: QrStyle, logo?: DecodedLogo): RenderedQr {
  checkRenderable(payload, style, Boolean(logo));
  const matrix = matrixOf(payload, effectiveErrorCorrection(style, Boolean(logo)));
  const scene = buildQrScene(matrix, style, logo);
  return style.format === "svg"
    ? { bytes: serializeQrScene(scene, style.size), contentType: "image/svg+xml" }
    : { bytes: rasterizeQrScene(scene, style.size), contentType: "image/png" };
}
