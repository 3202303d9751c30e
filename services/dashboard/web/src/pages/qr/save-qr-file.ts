import { getQrImage } from "./get-qr-image";
import type { QrCode, QrImageFormat } from "./qr-code";
import { qrFileName } from "./qr-file-name";

/**
 * Downloads a code's image from the list: fetched only when asked for (a page of rows need not
 * hold every image), then saved through a temporary <a download> with a blob URL.
 */
export async function saveQrFile(code: QrCode, format: QrImageFormat): Promise<void> {
  const blob = await getQrImage(code.id, format);
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = qrFileName(code, format);
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file by the time a click handler returns; a moment more for slow ones.
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
