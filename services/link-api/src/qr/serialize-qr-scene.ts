import type { QrScene } from "./build-qr-scene";

const number = (value: number) => String(Number(value.toFixed(4)));

/** The scene as an SVG document: viewBox in modules, size×size on screen. */
export function serializeQrScene(scene: QrScene, size: number): Uint8Array {
  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${scene.modules} ${scene.modules}"` +
      ` shape-rendering="${scene.squareOnly ? "crispEdges" : "geometricPrecision"}">`,
    `<rect width="${scene.modules}" height="${scene.modules}" fill="${scene.background}"/>`,
  ];
  for (const primitive of scene.primitives) {
    if (primitive.kind === "image") {
      const base64 = Buffer.from(primitive.logo.bytes).toString("base64");
      parts.push(
        `<image x="${number(primitive.x)}" y="${number(primitive.y)}" width="${number(primitive.w)}" height="${number(primitive.h)}"` +
          ` preserveAspectRatio="none" href="data:${primitive.logo.mimeType};base64,${base64}"/>`,
      );
      continue;
    }
    const radius = primitive.radius > 0 ? ` rx="${number(primitive.radius)}"` : "";
    parts.push(
      `<rect x="${number(primitive.x)}" y="${number(primitive.y)}" width="${number(primitive.w)}" height="${number(primitive.h)}"${radius} fill="${primitive.color}"/>`,
    );
  }
  parts.push("</svg>");
  return new TextEncoder().encode(parts.join(""));
}
