import type { DecodedLogo } from "./decode-logo";
import type { QrStyle } from "./qr-style";

/** Drawing primitives in module units (the quiet zone included), painted in order. */
export type ScenePrimitive =
  | { kind: "rect"; x: number; y: number; w: number; h: number; radius: number; color: string }
  | { kind: "image"; x: number; y: number; w: number; h: number; logo: DecodedLogo };

export interface QrScene {
  /** Side in modules, quiet zone included. */
  modules: number;
  background: string;
  primitives: ScenePrimitive[];
  /** Only axis-aligned squares: the SVG can ask for crisp edges. */
  squareOnly: boolean;
}

export interface ModuleMatrix {
  size: number;
  get(row: number, col: number): number | boolean;
}

/** Side of the logo box relative to the symbol: ~5% of its area, well inside H's 30% recovery. */
const LOGO_RATIO = 0.22;

const FINDER_RADII = {
  square: [0, 0, 0],
  rounded: [2, 1.4, 1],
  circle: [3.5, 2.5, 1.5],
} as const;

const ALIGNMENT_RADII = {
  square: [0, 0, 0],
  rounded: [1.4, 0.9, 0.3],
  circle: [2.5, 1.5, 0.5],
} as const;

/** The three 7×7 finder patterns are drawn as shapes of their own, not as modules. */
function inFinder(row: number, col: number, size: number): boolean {
  return (row < 7 && col < 7) || (row < 7 && col >= size - 7) || (row >= size - 7 && col < 7);
}

/**
 * Centres of the 5×5 alignment patterns (ISO/IEC 18004 Annex E, as the qrcode package places
 * them). They are drawn whole, like the finders: scanners locate them by their ring ratios,
 * which dots would break.
 */
export function alignmentCentres(size: number): Array<[number, number]> {
  const version = (size - 17) / 4;
  if (version < 2) return [];
  const count = Math.floor(version / 7) + 2;
  const interval = size === 145 ? 26 : Math.ceil((size - 13) / (2 * count - 2)) * 2;
  const coords = [size - 7];
  for (let i = 1; i < count - 1; i++) coords[i] = coords[i - 1]! - interval;
  coords.push(6);
  coords.reverse();
  const centres: Array<[number, number]> = [];
  const last = coords.length - 1;
  for (let i = 0; i < coords.length; i++) {
    for (let j = 0; j < coords.length; j++) {
      if ((i === 0 && j === 0) || (i === 0 && j === last) || (i === last && j === 0)) continue;
      centres.push([coords[i]!, coords[j]!]);
    }
  }
  return centres;
}

/**
 * The one description of a QR image, shared by the PNG rasterizer and the SVG serializer so both
 * formats draw exactly the same symbol: background, data modules in the chosen shape, the three
 * finder patterns in theirs, and an optional centered logo on a background pad.
 */
export function buildQrScene(matrix: ModuleMatrix, style: QrStyle, logo?: DecodedLogo): QrScene {
  const n = matrix.size;
  const m = style.margin;
  const fg = style.foregroundColor;
  const bg = style.backgroundColor;
  const primitives: ScenePrimitive[] = [];
  const alignments = alignmentCentres(n);
  const inAlignment = (row: number, col: number) =>
    alignments.some(([r, c]) => Math.abs(row - r) <= 2 && Math.abs(col - c) <= 2);

  for (let row = 0; row < n; row++) {
    let runStart = -1;
    for (let col = 0; col <= n; col++) {
      const dark =
        col < n && !inFinder(row, col, n) && !inAlignment(row, col) && Boolean(matrix.get(row, col));
      if (style.moduleShape === "square") {
        // Runs of squares become one rect: fewer SVG elements, no seams between neighbours.
        if (dark && runStart < 0) runStart = col;
        if (!dark && runStart >= 0) {
          primitives.push({
            kind: "rect",
            x: runStart + m,
            y: row + m,
            w: col - runStart,
            h: 1,
            radius: 0,
            color: fg,
          });
          runStart = -1;
        }
      } else if (dark) {
        const inset = style.moduleShape === "dots" ? 0.08 : 0;
        const side = 1 - 2 * inset;
        const radius = style.moduleShape === "dots" ? side / 2 : 0.3;
        primitives.push({
          kind: "rect",
          x: col + m + inset,
          y: row + m + inset,
          w: side,
          h: side,
          radius,
          color: fg,
        });
      }
    }
  }

  const [outer, middle, inner] = FINDER_RADII[style.finderShape];
  for (const [row, col] of [
    [0, 0],
    [0, n - 7],
    [n - 7, 0],
  ] as const) {
    const x = col + m;
    const y = row + m;
    primitives.push({ kind: "rect", x, y, w: 7, h: 7, radius: outer, color: fg });
    primitives.push({ kind: "rect", x: x + 1, y: y + 1, w: 5, h: 5, radius: middle, color: bg });
    primitives.push({ kind: "rect", x: x + 2, y: y + 2, w: 3, h: 3, radius: inner, color: fg });
  }

  const [ringOuter, ringMiddle, ringInner] = ALIGNMENT_RADII[style.finderShape];
  for (const [row, col] of alignments) {
    const x = col - 2 + m;
    const y = row - 2 + m;
    primitives.push({ kind: "rect", x, y, w: 5, h: 5, radius: ringOuter, color: fg });
    primitives.push({ kind: "rect", x: x + 1, y: y + 1, w: 3, h: 3, radius: ringMiddle, color: bg });
    primitives.push({ kind: "rect", x: x + 2, y: y + 2, w: 1, h: 1, radius: ringInner, color: fg });
  }

  if (logo) {
    const box = n * LOGO_RATIO;
    const scale = Math.min(box / logo.width, box / logo.height);
    const w = logo.width * scale;
    const h = logo.height * scale;
    const cx = m + n / 2;
    const cy = m + n / 2;
    const pad = 0.5;
    primitives.push({
      kind: "rect",
      x: cx - w / 2 - pad,
      y: cy - h / 2 - pad,
      w: w + 2 * pad,
      h: h + 2 * pad,
      radius: 0.5,
      color: bg,
    });
    primitives.push({ kind: "image", x: cx - w / 2, y: cy - h / 2, w, h, logo });
  }

  return {
    modules: n + 2 * m,
    background: bg,
    primitives,
    squareOnly: style.moduleShape === "square" && style.finderShape === "square" && !logo,
  };
}
