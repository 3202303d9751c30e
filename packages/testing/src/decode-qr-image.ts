import { Resvg } from "@resvg/resvg-js";
import jsQR from "jsqr";
import { PNG } from "pngjs";

/** Decodes a QR image the way a scanner would (jsqr); SVGs are rasterized first by resvg. */
export function decodeQrImage(bytes: Uint8Array, contentType: string): string | undefined {
  let width: number;
  let height: number;
  let rgba: Uint8ClampedArray;
  if (contentType === "image/svg+xml") {
    const rendered = new Resvg(Buffer.from(bytes), { background: "rgba(255,255,255,0)" }).render();
    width = rendered.width;
    height = rendered.height;
    rgba = new Uint8ClampedArray(rendered.pixels);
  } else {
    const png = PNG.sync.read(Buffer.from(bytes));
    width = png.width;
    height = png.height;
    rgba = new Uint8ClampedArray(png.data);
  }
  return jsQR(rgba, width, height, { inversionAttempts: "dontInvert" })?.data;
}

export function imageSize(bytes: Uint8Array, contentType: string): { width: number; height: number } {
  if (contentType === "image/svg+xml") {
    const rendered = new Resvg(Buffer.from(bytes)).render();
    return { width: rendered.width, height: rendered.height };
  }
  const png = PNG.sync.read(Buffer.from(bytes));
  return { width: png.width, height: png.height };
}

/** A small test logo: a coloured disc with a stripe, as PNG (with alpha). */
export function makePngLogo(side = 64): Uint8Array {
  const png = new PNG({ width: side, height: side });
  for (let y = 0; y < side; y++) {
    for (let x = 0; x < side; x++) {
      const offset = (y * side + x) * 4;
      const inside = (x - side / 2) ** 2 + (y - side / 2) ** 2 < (side / 2) ** 2;
      png.data[offset] = y % 16 < 8 ? 220 : 20;
      png.data[offset + 1] = 40;
      png.data[offset + 2] = x % 16 < 8 ? 200 : 60;
      png.data[offset + 3] = inside ? 255 : 0;
    }
  }
  return new Uint8Array(PNG.sync.write(png));
}
