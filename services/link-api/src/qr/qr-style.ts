import { z } from "zod";

export const QR_SIZE_MIN = 100;
export const QR_SIZE_MAX = 2000;
/** Below this many pixels per module phone cameras stop reading reliably. */
export const MIN_MODULE_PIXELS = 2;
/** WCAG contrast ratio a scanner can still separate (dark on light). */
export const MIN_CONTRAST_RATIO = 3;

export type QrFormat = "png" | "svg";
export type ErrorCorrection = "L" | "M" | "Q" | "H";
export type ModuleShape = "square" | "rounded" | "dots";
export type FinderShape = "square" | "rounded" | "circle";

export interface QrStyle {
  size: number;
  foregroundColor: string;
  backgroundColor: string;
  format: QrFormat;
  errorCorrection: ErrorCorrection;
  margin: number;
  moduleShape: ModuleShape;
  finderShape: FinderShape;
}

export const DEFAULT_QR_STYLE: QrStyle = {
  size: 300,
  foregroundColor: "#000000",
  backgroundColor: "#FFFFFF",
  format: "png",
  errorCorrection: "M",
  margin: 4,
  moduleShape: "square",
  finderShape: "square",
};

/** "#RGB" or "#RRGGBB", stored as uppercase "#RRGGBB". */
export const hexColorField = z
  .string()
  .regex(/^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/, "colors must be hex, #RRGGBB or #RGB")
  .transform((value) => {
    const hex = value.slice(1);
    const full = hex.length === 3 ? [...hex].map((char) => char + char).join("") : hex;
    return `#${full.toUpperCase()}`;
  });

/** Style fields as accepted in input; absent fields keep their defaults (or current values). */
export const qrStyleInputShape = {
  size: z
    .number()
    .int("size must be an integer")
    .min(QR_SIZE_MIN, `size must be at least ${QR_SIZE_MIN}`)
    .max(QR_SIZE_MAX, `size must be at most ${QR_SIZE_MAX}`)
    .optional(),
  foregroundColor: hexColorField.optional(),
  backgroundColor: hexColorField.optional(),
  format: z.enum(["png", "svg"]).optional(),
  errorCorrection: z.enum(["L", "M", "Q", "H"]).optional(),
  margin: z
    .number()
    .int()
    .min(1, "margin must be at least 1 module")
    .max(10, "margin must be at most 10")
    .optional(),
  moduleShape: z.enum(["square", "rounded", "dots"]).optional(),
  finderShape: z.enum(["square", "rounded", "circle"]).optional(),
};

export function parseHexColor(hex: string): [number, number, number] {
  const value = Number.parseInt(hex.slice(1), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

/** WCAG 2 relative luminance. */
function luminance(hex: string): number {
  const channel = (value: number) => {
    const c = value / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const [r, g, b] = parseHexColor(hex);
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

/**
 * Why a color pair cannot be scanned, or undefined. Most scanners expect dark modules on a light
 * background, so an inverted pair is refused, and so is too little contrast.
 */
export function colorProblem(foreground: string, background: string): string | undefined {
  const fg = luminance(foreground);
  const bg = luminance(background);
  if (fg >= bg) return "foregroundColor must be darker than backgroundColor (scanners expect dark on light)";
  const ratio = (bg + 0.05) / (fg + 0.05);
  if (ratio < MIN_CONTRAST_RATIO) {
    return `foregroundColor and backgroundColor contrast ${ratio.toFixed(2)}:1; at least ${MIN_CONTRAST_RATIO}:1 is needed to scan`;
  }
  return undefined;
}
