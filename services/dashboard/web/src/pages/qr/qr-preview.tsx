import { ErrorNotice } from "../../components/error-notice";
import { useBlobUrl } from "../../components/use-blob-url";
import { getQrImage } from "./get-qr-image";
import { LivePreview } from "./live-preview";
import type { QrCode } from "./qr-code";
import { QrDownloads } from "./qr-downloads";
import type { QrDraft } from "./qr-draft";

interface QrPreviewProps {
  /** The saved code shown; null while a new design has not been created yet. */
  code: QrCode | null;
  /** The form differs from what the server last drew. */
  changed: boolean;
  /** The form as it stands: drawn live while it is not saved. */
  draft: QrDraft;
}

/** What the code encodes, in words: the short link of a dynamic or protected code, else the payload. */
function Encodes({ code }: { code: QrCode }) {
  if (code.shortUrl) {
    return (
      <p class="qr-encodes">
        Encodes the short link <span class="code break-anywhere">{code.shortUrl}</span>
        {code.type === "url" && typeof code.content === "string" && (
          <>
            , which sends people to <span class="break-anywhere">{code.content}</span>
          </>
        )}
        .
      </p>
    );
  }
  return (
    <div class="qr-encodes">
      <p>Encodes:</p>
      <pre class="qr-payload">{code.payload}</pre>
    </div>
  );
}

function SavedPreview({ code, changed, draft }: { code: QrCode; changed: boolean; draft: QrDraft }) {
  // Fetched once per saved version: the preview and the PNG download are the same file.
  const image = useBlobUrl(`${code.id}:${code.updatedAt}:png`, (signal) =>
    getQrImage(code.id, "png", signal),
  );
  const svg = useBlobUrl(`${code.id}:${code.updatedAt}:svg`, (signal) => getQrImage(code.id, "svg", signal));
  return (
    <>
      {changed ? (
        <LivePreview draft={draft} saved={code} />
      ) : (
        <div class="qr-preview-frame" aria-busy={image.status === "loading"}>
          {image.status === "ready" && (
            <img
              class="qr-preview-image"
              src={image.url}
              alt={code.name ? `QR code “${code.name}”` : "The QR code"}
            />
          )}
          {image.status === "loading" && <p class="muted">Drawing the code…</p>}
          {image.status === "error" && (
            <ErrorNotice title="The preview could not be loaded" error={image.error} />
          )}
        </div>
      )}
      {changed && (
        <p class="notice qr-changed">
          <span aria-hidden="true">⚠ </span>You have unsaved changes. The preview shows them; the downloads
          are the saved version until you save.
        </p>
      )}
      <p class="muted qr-preview-facts">
        {code.size} × {code.size} pixels{code.hasLogo ? ", with logo" : ""}, error correction{" "}
        {code.errorCorrection}
      </p>
      <Encodes code={code} />
      <QrDownloads code={code} png={image} svg={svg} />
    </>
  );
}

/**
 * The server's own rendering of the code (the page draws no QR codes itself): live from the form
 * while it is not saved (POST /qr-codes/preview, nothing stored), else the saved code's image —
 * exactly what the downloads contain and what will print.
 */
export function QrPreview({ code, changed, draft }: QrPreviewProps) {
  return (
    <section class="qr-preview" aria-labelledby="qr-preview-heading">
      <h3 id="qr-preview-heading" tabIndex={-1}>
        Preview
      </h3>
      {code ? (
        <SavedPreview key={code.id} code={code} changed={changed} draft={draft} />
      ) : (
        <>
          <LivePreview draft={draft} saved={null} />
          <p class="muted">Save the code to download it as PNG or SVG.</p>
        </>
      )}
    </section>
  );
}
