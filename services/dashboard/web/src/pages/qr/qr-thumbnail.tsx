import { useBlobUrl } from "../../components/use-blob-url";
import { getQrImage } from "./get-qr-image";
import type { QrCode } from "./qr-code";

/** Pixels of the thumbnail as the server draws it: twice the shown size, for sharp screens. */
const THUMBNAIL_SIZE = 128;

/** A small rendering of a stored code. Decorative: the row names the code in words. */
export function QrThumbnail({ code }: { code: QrCode }) {
  const image = useBlobUrl(`${code.id}:${code.updatedAt}:thumbnail`, (signal) =>
    getQrImage(code.id, "png", signal, THUMBNAIL_SIZE),
  );
  if (image.status === "ready") {
    return <img class="qr-thumbnail" src={image.url} alt="" width={64} height={64} />;
  }
  return (
    <span class="qr-thumbnail qr-thumbnail-placeholder" aria-hidden="true">
      {image.status === "error" ? "?" : ""}
    </span>
  );
}
