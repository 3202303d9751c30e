import { ErrorNotice } from "../../components/error-notice";
import { useApiQuery } from "../../components/use-api-query";
import { getQrCode } from "./get-qr-code";
import { getShortLink } from "./get-short-link";
import type { QrCode } from "./qr-code";
import { QrDesigner } from "./qr-designer";
import { EMPTY_QR_DRAFT } from "./qr-draft";

interface QrDesignerAreaProps {
  /** ?id=: the stored code to edit. */
  id: string;
  /** ?link=: a short link of the account a new URL code starts from. */
  linkCode: string;
  /** The code the page last saved: shown without loading it again. */
  known: QrCode | null;
  /** Changes when "New QR code" asks for an empty form. */
  newKey: number;
  onSaved: (code: QrCode, created: boolean) => void;
  onStartNew: () => void;
}

function EditDesigner({ id, known, onSaved, onStartNew }: Omit<QrDesignerAreaProps, "linkCode" | "newKey">) {
  const cached = known?.id === id ? known : null;
  const loaded = useApiQuery(`qr:${id}:${cached ? "known" : "load"}`, (signal) =>
    cached ? Promise.resolve(cached) : getQrCode(id, signal),
  );
  const code = cached ?? loaded.data;
  if (code) {
    return (
      <QrDesigner
        key={code.id}
        saved={code}
        initialDraft={EMPTY_QR_DRAFT}
        onSaved={onSaved}
        onStartNew={onStartNew}
      />
    );
  }
  if (loaded.status === "error") {
    return (
      <>
        <ErrorNotice title="This QR code could not be opened" error={loaded.error} onRetry={loaded.reload} />
        <button type="button" class="button button-secondary qr-start-new" onClick={onStartNew}>
          Design a new QR code instead
        </button>
      </>
    );
  }
  return (
    <p class="muted" role="status">
      Loading the QR code…
    </p>
  );
}

function LinkDesigner({ linkCode, newKey, onSaved, onStartNew }: Omit<QrDesignerAreaProps, "id" | "known">) {
  const link = useApiQuery(`link:${linkCode}`, (signal) => getShortLink(linkCode, signal));
  if (link.status === "loading") {
    return (
      <p class="muted" role="status">
        Loading the short link…
      </p>
    );
  }
  if (link.status === "error") {
    return (
      <>
        <ErrorNotice title="The short link could not be loaded" error={link.error} onRetry={link.reload} />
        <button type="button" class="button button-secondary qr-start-new" onClick={onStartNew}>
          Design a QR code without it
        </button>
      </>
    );
  }
  // A code for the short link itself: its scans then count as the link's clicks.
  const draft = { ...EMPTY_QR_DRAFT, type: "url" as const, url: link.data.shortUrl, name: link.data.name };
  return (
    <QrDesigner
      key={`link:${linkCode}:${newKey}`}
      saved={null}
      initialDraft={draft}
      onSaved={onSaved}
      onStartNew={onStartNew}
    />
  );
}

/** The designer for what the URL asks: a stored code, a code for a short link, or a new design. */
export function QrDesignerArea(props: QrDesignerAreaProps) {
  if (props.id) return <EditDesigner {...props} />;
  if (props.linkCode) return <LinkDesigner {...props} />;
  return (
    <QrDesigner
      key={`new:${props.newKey}`}
      saved={null}
      initialDraft={EMPTY_QR_DRAFT}
      onSaved={props.onSaved}
      onStartNew={props.onStartNew}
    />
  );
}
