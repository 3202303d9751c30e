import { decodeQrImage } from "@kurz/testing/decode-qr-image";

/** What a scanner reads from a QR image given as a data: URL (PNG or SVG), or undefined. */
export function decodeQrDataUrl(dataUrl: string): string | undefined {
  const match = /^data:(image\/png|image\/svg\+xml);base64,(.+)$/.exec(dataUrl);
  if (!match) throw new Error(`not a base64 PNG or SVG data: URL: ${dataUrl.slice(0, 40)}`);
  return decodeQrImage(new Uint8Array(Buffer.from(match[2]!, "base64")), match[1]!);
}
