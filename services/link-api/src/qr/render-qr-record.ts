import { decodeLogo } from "./decode-logo";
import { type QrRecord, styleOf } from "./qr-record";
import type { QrStyle } from "./qr-style";
import { type RenderedQr, renderQr } from "./render-qr";

/** A stored code's image, optionally in another format or size than stored. */
export function renderQrRecord(
  record: QrRecord,
  overrides: { format?: QrStyle["format"] | undefined; size?: number | undefined } = {},
): RenderedQr {
  const style = { ...styleOf(record) };
  if (overrides.format) style.format = overrides.format;
  if (overrides.size) style.size = overrides.size;
  const logo = record.logo ? decodeLogo(record.logo) : undefined;
  return renderQr(record.payload, style, logo);
}
