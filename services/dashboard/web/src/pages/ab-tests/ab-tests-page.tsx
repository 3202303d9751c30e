import type { ComponentType } from "preact";
import { useEffect, useState } from "preact/hooks";
import { usePageTitle } from "../../components/use-page-title";

/** Started once: the chunk stays loaded for later visits of the page. */
let viewModule: Promise<ComponentType> | undefined;
const loadView = () => {
  viewModule ??= import("./ab-tests-view").then((module) => module.AbTestsView);
  // A failed load (a deploy replaced the chunk, the network dropped) may be retried.
  viewModule.catch(() => {
    viewModule = undefined;
  });
  return viewModule;
};

/**
 * The A/B tests page. Its forms and result tables are a chunk of their own, fetched when the
 * page is first opened, so the links page (where most visits start) does not carry them. The
 * heading is here from the start: the app focuses it after navigation.
 */
export function AbTestsPage() {
  usePageTitle("A/B tests");
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
        <h1 tabIndex={-1}>A/B tests</h1>
        <p class="page-intro">
          Split a link's visitors between destinations and see which one converts better.
        </p>
      </div>
      {View ? (
        <View />
      ) : failed ? (
        <div class="notice notice-error" role="alert">
          <p class="notice-title">The A/B tests page could not be loaded</p>
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
          Loading A/B tests…
        </p>
      )}
    </div>
  );
}
