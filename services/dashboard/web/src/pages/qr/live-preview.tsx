import { ErrorNotice } from "../../components/error-notice";
import { useBlobUrl } from "../../components/use-blob-url";
import { useDebouncedValue } from "../../components/use-debounced-value";
import { buildCreateQrBody } from "./build-qr-bodies";
import { previewQrDesign } from "./preview-qr-design";
import type { QrCode } from "./qr-code";
import type { QrDraft } from "./qr-draft";

/** Typing pauses this long before the server is asked to draw again. */
const DEBOUNCE_MS = 400;

/**
 * The design as it stands in the form, drawn by the server as you type (nothing is stored until
 * Save). For a saved dynamic or protected code it encodes that code's own short link, so what you
 * see is what will print; a new one's stands in for the link it gets when saved.
 */
export function LivePreview({ draft, saved }: { draft: QrDraft; saved: QrCode | null }) {
  const built = buildCreateQrBody(draft);
  const body = built.ok
    ? saved?.shortUrl
      ? {
          ...built.body,
          type: "url" as const,
          content: saved.shortUrl,
          dynamic: undefined,
          password: undefined,
        }
      : built.body
    : undefined;
  const key = useDebouncedValue(body ? JSON.stringify(body) : "", DEBOUNCE_MS);
  const image = useBlobUrl(key, (signal) =>
    key === "" ? new Promise<Blob>(() => {}) : previewQrDesign(JSON.parse(key), signal),
  );
  if (!built.ok) {
    return (
      <div class="qr-preview-frame qr-preview-empty">
        <p>Fill in the content to see the code. The fields marked above say what is missing.</p>
      </div>
    );
  }
  return (
    <>
      <div class="qr-preview-frame" aria-busy={image.status === "loading"}>
        {image.status === "ready" && (
          <img class="qr-preview-image" src={image.url} alt="Preview of the QR code as designed" />
        )}
        {image.status === "loading" && <p class="muted">Drawing the code…</p>}
        {image.status === "error" && <ErrorNotice title="This design cannot be drawn" error={image.error} />}
      </div>
      {draft.logo.kind === "stored" && (
        <p class="muted">The saved logo appears in the preview once the code is saved again.</p>
      )}
    </>
  );
}
