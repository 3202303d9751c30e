import type { ComponentType } from "preact";
import { useEffect, useRef, useState } from "preact/hooks";
import { usePageTitle } from "../../components/use-page-title";

/** Started once: the chunk stays loaded for later visits of the page. */
let viewModule: Promise<ComponentType> | undefined;
const loadView = () => {
  viewModule ??= import("./imports-view").then((module) => module.ImportsView);
  // A failed load (a deploy replaced the chunk, the network dropped) may be retried.
  viewModule.catch(() => {
    viewModule = undefined;
  });
  return viewModule;
};

/**
 * The import page. Its form, the CSV reader that previews files and the progress view are a chunk
 * of their own, fetched when the page is first opened, so the links page (where most visits
 * start) does not carry them. Until then
 * a heading stands here: the app focuses it after navigation.
 */
export function ImportsPage() {
  usePageTitle("Import links");
  const [View, setView] = useState<ComponentType | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const headingHadFocus = useRef(false);

  useEffect(() => {
    let current = true;
    loadView().then(
      (view) => {
        if (!current) return;
        headingHadFocus.current = document.activeElement?.matches("main h1") ?? false;
        setView(() => view);
      },
      () => current && setFailed(true),
    );
    return () => {
      current = false;
    };
  }, [attempt]);

  // The loaded view brings its own heading: the focus the app put on the placeholder moves to it.
  useEffect(() => {
    if (View && headingHadFocus.current) {
      headingHadFocus.current = false;
      document.querySelector<HTMLElement>("main h1")?.focus();
    }
  }, [View]);

  if (View) return <View />;
  return (
    <div class="page">
      <div class="page-header">
        <h1 tabIndex={-1}>Import links</h1>
      </div>
      {failed ? (
        <div class="notice notice-error" role="alert">
          <p class="notice-title">The import page could not be loaded</p>
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
          Loading the import page…
        </p>
      )}
    </div>
  );
}
