import { PNG } from "pngjs";
import type { QrScene, ScenePrimitive } from "./build-qr-scene";
import type { DecodedLogo } from "./decode-logo";
import { parseHexColor } from "./qr-style";

type Rect = Extract<ScenePrimitive, { kind: "rect" }>;

/** True when the point (module units) lies inside the rounded rectangle. */
function insideRect(rect: Rect, u: number, v: number): boolean {
  if (u < rect.x || u >= rect.x + rect.w || v < rect.y || v >= rect.y + rect.h) return false;
  if (rect.radius <= 0) return true;
  const dx = Math.max(rect.x + rect.radius - u, 0, u - (rect.x + rect.w - rect.radius));
  const dy = Math.max(rect.y + rect.radius - v, 0, v - (rect.y + rect.h - rect.radius));
  return dx * dx + dy * dy <= rect.radius * rect.radius;
}

function pixelBounds(start: number, length: number, scale: number, size: number): [number, number] {
  return [Math.max(0, Math.floor(start * scale)), Math.min(size, Math.ceil((start + length) * scale))];
}

/** Bilinear sample of the logo, alpha-blended over what is painted. */
function paintImage(
  data: Buffer,
  size: number,
  scale: number,
  primitive: Extract<ScenePrimitive, { kind: "image" }>,
): void {
  const logo: DecodedLogo = primitive.logo;
  const [x0, x1] = pixelBounds(primitive.x, primitive.w, scale, size);
  const [y0, y1] = pixelBounds(primitive.y, primitive.h, scale, size);
  const sample = (sx: number, sy: number, channel: number) => {
    const cx = Math.min(logo.width - 1, Math.max(0, sx));
    const cy = Math.min(logo.height - 1, Math.max(0, sy));
    return logo.rgba[(cy * logo.width + cx) * 4 + channel]!;
  };
  for (let py = y0; py < y1; py++) {
    const fy = (((py + 0.5) / scale - primitive.y) / primitive.h) * logo.height - 0.5;
    if (fy < -0.5 || fy > logo.height - 0.5) continue;
    const iy = Math.floor(fy);
    const ty = fy - iy;
    for (let px = x0; px < x1; px++) {
      const fx = (((px + 0.5) / scale - primitive.x) / primitive.w) * logo.width - 0.5;
      if (fx < -0.5 || fx > logo.width - 0.5) continue;
      const ix = Math.floor(fx);
      const tx = fx - ix;
      const channel = (c: number) =>
        (sample(ix, iy, c) * (1 - tx) + sample(ix + 1, iy, c) * tx) * (1 - ty) +
        (sample(ix, iy + 1, c) * (1 - tx) + sample(ix + 1, iy + 1, c) * tx) * ty;
      const alpha = channel(3) / 255;
      const offset = (py * size + px) * 4;
      for (let c = 0; c < 3; c++) {
        data[offset + c] = Math.round(channel(c) * alpha + data[offset + c]! * (1 - alpha));
      }
      data[offset + 3] = 255;
    }
  }
}

/** Paints the scene into a size×size RGBA raster (pixel centres decide coverage) and encodes PNG. */
export function rasterizeQrScene(scene: QrScene, size: number): Uint8Array {
  const png = new PNG({ width: size, height: size, colorType: 6 });
  const data = png.data;
  const scale = size / scene.modules;
  const [br, bg, bb] = parseHexColor(scene.background);
  for (let offset = 0; offset < data.length; offset += 4) {
    data[offset] = br;
    data[offset + 1] = bg;
    data[offset + 2] = bb;
    data[offset + 3] = 255;
  }
  for (const primitive of scene.primitives) {
    if (primitive.kind === "image") {
      paintImage(data, size, scale, primitive);
      continue;
    }
    const [r, g, b] = parseHexColor(primitive.color);
    const [x0, x1] = pixelBounds(primitive.x, primitive.w, scale, size);
    const [y0, y1] = pixelBounds(primitive.y, primitive.h, scale, size);
    for (let py = y0; py < y1; py++) {
      const v = (py + 0.5) / scale;
      for (let px = x0; px < x1; px++) {
        if (!insideRect(primitive, (px + 0.5) / scale, v)) continue;
        const offset = (py * size + px) * 4;
        data[offset] = r;
        data[offset + 1] = g;
        data[offset + 2] = b;
      }
    }
  }
  return new Uint8Array(PNG.sync.write(png, { colorType: 6 }));
}
