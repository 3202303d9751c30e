import { type ColorCheck, checkColors, formatRatio } from "./color-contrast";

/** The verdict alone, for the live region: it changes far less often than the ratio while a colour is dragged. */
const VERDICT: Record<ColorCheck["kind"], string> = {
  good: "Easy to scan",
  low: "Hard to scan in poor light",
  "too-low": "Contrast too low to scan",
  inverted: "Light code on a dark background: most scanners cannot read it",
};

interface ContrastNoteProps {
  id: string;
  foreground: string;
  background: string;
}

/** What the chosen colours mean for scanning, in words and with a mark (not colour alone). */
export function ContrastNote({ id, foreground, background }: ContrastNoteProps) {
  const check = checkColors(foreground, background);
  const ratio = formatRatio(check.ratio);
  return (
    <div class="qr-contrast">
      <p id={id}>
        {check.kind === "good" && (
          <span class="status status-good">
            <span aria-hidden="true">✓ </span>Contrast {ratio}: easy to scan.
          </span>
        )}
        {check.kind === "low" && (
          <span class="status qr-status-warn">
            <span aria-hidden="true">⚠ </span>Contrast {ratio}: hard to scan in poor light. Aim for 4.5:1 or
            more.
          </span>
        )}
        {check.kind === "too-low" && (
          <span class="status status-bad">
            <span aria-hidden="true">✕ </span>Contrast {ratio}: too low to scan. At least 3:1 is needed.
          </span>
        )}
        {check.kind === "inverted" && (
          <span class="status status-bad">
            <span aria-hidden="true">✕ </span>Light code on a dark background: most scanners cannot read it.
            Make the foreground darker than the background.
          </span>
        )}
      </p>
      <p class="visually-hidden" aria-live="polite">
        {VERDICT[check.kind]}
      </p>
    </div>
  );
}
