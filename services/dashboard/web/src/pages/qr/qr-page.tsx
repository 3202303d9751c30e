import { loadOnce } from "../../components/load-once";
import { PageShell } from "../../components/page-shell";

const loadView = loadOnce(() => import("./qr-view").then((module) => module.QrView));

/** The QR codes page. The designer and list are a chunk of their own, fetched when the page is first opened. */
export function QrPage() {
  return (
    <PageShell
      title="QR codes"
      intro="Design QR codes for web pages, Wi-Fi, contacts and more; download them as PNG or SVG."
      loadView={loadView}
      failedTitle="The QR designer could not be loaded"
      loading={
        <p class="muted" role="status">
          Loading the QR designer…
        </p>
      }
    />
  );
}
