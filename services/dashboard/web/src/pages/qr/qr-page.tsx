import type { ComponentType } from "preact";
import { useEffect, useState } from "preact/hooks";
import { usePageTitle } from "../../components/use-page-title";

/** Started once: the chunk stays loaded for later visits of the page. */
let viewModule: Promise<ComponentType> | undefined;
const loadView = () => {
  viewModule ??= import("./qr-view").then((module) => module.QrView);
  // A failed load (a deploy replaced the chunk, the network dropped) may be retried.
  viewModule.catch(() => {
    viewModule = undefined;
  });
  return viewModule;
};

/**
 * The QR codes page. The designer and list are a chunk of their own, fetched when the page is
 * first opened, so the links page (where most visits start) does not carry them. The heading is
 * here from the start: the app focuses it after navigation.
 */
export function QrPage() {
  usePageTitle("QR codes");
  const [View, setView] = useState<ComponentType | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let current = true;
    loadView().then(
      (view) => current && setView(() => view),
      () => current && setFailed(true),
    );
    return () => {
      current = false;
    };
  }, [attempt]);

  return (
    <div class="page">
      <div class="page-header">
        <h1 tabIndex={-1}>QR codes</h1>
        <p class="page-intro">
          Design QR codes for web pages, Wi-Fi, contacts and more; download them as PNG or SVG.
        </p>
      </div>
      {View ? (
        <View />
      ) : failed ? (
        <div class="notice notice-error" role="alert">
          <p class="notice-title">The QR designer could not be loaded</p>
          <p>Check your connection and try again.</p>
          <button
            type="button"
            class="button button-secondary"
            onClick={() => {
              setFailed(false);
              setAttempt((n) => n + 1);
            }}
          >
            Try again
          </button>
        </div>
      ) : (
        <p class="muted" role="status">
          Loading the QR designer…
        </p>
      )}
    </div>
  );
}
