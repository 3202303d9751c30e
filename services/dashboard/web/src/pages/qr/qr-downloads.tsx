import { ErrorNotice } from "../../components/error-notice";
import type { BlobUrlState } from "../../components/use-blob-url";
import type { QrCode, QrImageFormat } from "./qr-code";
import { qrFileName } from "./qr-file-name";

interface DownloadLinkProps {
  code: QrCode;
  format: QrImageFormat;
  image: BlobUrlState;
}

function DownloadLink({ code, format, image }: DownloadLinkProps) {
  const label = `Download ${format.toUpperCase()}`;
  if (image.status === "error") {
    return <ErrorNotice title={`The ${format.toUpperCase()} could not be prepared`} error={image.error} />;
  }
  if (image.status === "loading") {
    // Not a link yet: there is nothing to save until the server has drawn it.
    return <span class="button button-secondary qr-download-pending">Preparing {format.toUpperCase()}…</span>;
  }
  return (
    <a class="button button-secondary" href={image.url} download={qrFileName(code, format)}>
      {label}
    </a>
  );
}

/** The saved code as files: PNG for screens and documents, SVG for print at any size. */
export function QrDownloads({ code, png, svg }: { code: QrCode; png: BlobUrlState; svg: BlobUrlState }) {
  return (
    <div class="qr-downloads">
      <DownloadLink code={code} format="png" image={png} />
      <DownloadLink code={code} format="svg" image={svg} />
    </div>
  );
}
