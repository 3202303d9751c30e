import type { QrCode, QrImageFormat } from "./qr-code";

/** A download's file name: the code's name made safe for file systems, else its type and id. */
export function qrFileName(code: QrCode, format: QrImageFormat): string {
  const base =
    code.name
      .normalize("NFKD")
      .replace(/[^\w\s-]/g, "")
      .trim()
      .replace(/\s+/g, "-")
      .toLowerCase()
      .slice(0, 60) || `qr-${code.type}-${code.id.slice(0, 8)}`;
  return `${base}.${format}`;
}
