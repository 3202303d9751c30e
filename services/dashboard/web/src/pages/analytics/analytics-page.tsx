import type { ComponentType } from "preact";
import { useEffect, useState } from "preact/hooks";
import { usePageTitle } from "../../components/use-page-title";
import { SectionSkeleton } from "./section-skeleton";

/** Started once: the chunk stays loaded for later visits of the page. */
let viewModule: Promise<ComponentType> | undefined;
const loadView = () => {
  viewModule ??= import("./analytics-view").then((module) => module.AnalyticsView);
  // A failed load (a deploy replaced the chunk, the network dropped) may be retried.
  viewModule.catch(() => {
    viewModule = undefined;
  });
  return viewModule;
};

/**
 * The analytics page. Its reports and the chart library are a chunk of their own, fetched when
 * the page is first opened, so the links page (where most visits start) does not carry uPlot.
 * The heading is here from the start: the app focuses it after navigation.
 */
export function AnalyticsPage() {
  usePageTitle("Analytics");
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
    <div class="page analytics-page">
      <div class="page-header">
        <h1 tabIndex={-1}>Analytics</h1>
        <p class="page-intro">Who clicks your links: when, from where, on what, and where they came from.</p>
      </div>
      {View ? (
        <View />
      ) : failed ? (
        <div class="notice notice-error" role="alert">
          <p class="notice-title">The analytics page could not be loaded</p>
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
        <SectionSkeleton label="Loading analytics…" cards={3} />
      )}
    </div>
  );
}
