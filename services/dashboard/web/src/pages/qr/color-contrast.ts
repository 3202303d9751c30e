/** The contrast the API insists on before it stores a code: below it scanners fail. */
export const MIN_SCAN_CONTRAST = 3;
/** Below this, some phones in poor light struggle; worth a word before printing. */
export const GOOD_SCAN_CONTRAST = 4.5;

function channel(value: number): number {
  const c = value / 255;
  return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/** WCAG 2 relative luminance of "#rrggbb". */
export function luminance(hex: string): number {
  const value = Number.parseInt(hex.slice(1), 16);
  return (
    0.2126 * channel((value >> 16) & 255) +
    0.7152 * channel((value >> 8) & 255) +
    0.0722 * channel(value & 255)
  );
}

export type ColorCheck =
  | { kind: "inverted"; ratio: number }
  | { kind: "too-low"; ratio: number }
  | { kind: "low"; ratio: number }
  | { kind: "good"; ratio: number };

/**
 * How well a scanner can tell the modules from the background. The API refuses light modules on
 * a dark background (most scanners expect dark on light) and any pair under 3:1, as this does.
 */
export function checkColors(foreground: string, background: string): ColorCheck {
  const fg = luminance(foreground);
  const bg = luminance(background);
  const ratio = (Math.max(fg, bg) + 0.05) / (Math.min(fg, bg) + 0.05);
  if (fg >= bg) return { kind: "inverted", ratio };
  if (ratio < MIN_SCAN_CONTRAST) return { kind: "too-low", ratio };
  if (ratio < GOOD_SCAN_CONTRAST) return { kind: "low", ratio };
  return { kind: "good", ratio };
}

/** "4.6:1", rounded down so a pair just under a limit never reads as meeting it. */
export const formatRatio = (ratio: number): string => `${Math.floor(ratio * 10) / 10}:1`;
