/** The API's limits for logos (it answers 413 or 400 past them; checked here first). */
export const LOGO_MAX_BYTES = 256 * 1024;
const LOGO_MAX_SIDE = 2048;
const LOGO_TYPES = new Set(["image/png", "image/jpeg"]);

export type LogoRead = { ok: true; dataUrl: string } | { ok: false; error: string };

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

async function sideOf(file: File): Promise<number | undefined> {
  try {
    const bitmap = await createImageBitmap(file);
    const side = Math.max(bitmap.width, bitmap.height);
    bitmap.close();
    return side;
  } catch {
    return undefined;
  }
}

/** A chosen logo file as the data: URL the API takes, or why it cannot be used. */
export async function readLogoFile(file: File): Promise<LogoRead> {
  if (!LOGO_TYPES.has(file.type)) return { ok: false, error: "Choose a PNG or JPEG image" };
  if (file.size > LOGO_MAX_BYTES) {
    return {
      ok: false,
      error: `The image is ${Math.ceil(file.size / 1024)} KB; logos can be 256 KB at most`,
    };
  }
  const side = await sideOf(file);
  if (side === undefined)
    return { ok: false, error: "This image could not be read; choose another PNG or JPEG" };
  if (side > LOGO_MAX_SIDE) {
    return { ok: false, error: `The image is ${side} pixels wide or high; logos can be 2048 at most` };
  }
  try {
    return { ok: true, dataUrl: await readAsDataUrl(file) };
  } catch {
    return { ok: false, error: "This image could not be read; choose another PNG or JPEG" };
  }
}
