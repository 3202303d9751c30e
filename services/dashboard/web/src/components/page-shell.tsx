import type { ComponentChildren, ComponentType } from "preact";
import { useEffect, useRef, useState } from "preact/hooks";
import { usePageTitle } from "./use-page-title";

interface PageShellProps {
  /** The page's heading and the browser tab's title. */
  title: string;
  /** A line under the heading. */
  intro?: ComponentChildren;
  /** Classes added to the page's frame, e.g. "analytics-page". */
  class?: string;
  /** Fetches the page's view, its own chunk (see loadOnce). */
  loadView: () => Promise<ComponentType>;
  /** What the error notice says when the view cannot be fetched. */
  failedTitle: string;
  /** What stands under the heading while the view is fetched. */
  loading: ComponentChildren;
  /**
   * The loaded view brings its own heading and replaces this frame; otherwise it is shown under
   * this frame's heading.
   */
  viewHasHeading?: boolean;
}

/**
 * A page whose view is a chunk of its own, fetched when the page is first opened, so the links
 * page (where most visits start) does not carry it. The heading stands here from the start: the
 * app focuses it after navigation. A view that brings its own heading takes that focus over.
 */
export function PageShell(props: PageShellProps) {
  const { title, intro, loadView, failedTitle, loading, viewHasHeading = false } = props;
  usePageTitle(title);
  const [View, setView] = useState<ComponentType | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const headingHadFocus = useRef(false);

  useEffect(() => {
    let current = true;
    loadView().then(
      (view) => {
        if (!current) return;
        if (viewHasHeading) headingHadFocus.current = document.activeElement?.matches("main h1") ?? false;
        setView(() => view);
      },
      () => current && setFailed(true),
    );
    return () => {
      current = false;
    };
  }, [attempt, loadView, viewHasHeading]);

  // The loaded view brings its own heading: the focus the app put on the placeholder moves to it.
  useEffect(() => {
    if (View && headingHadFocus.current) {
      headingHadFocus.current = false;
      document.querySelector<HTMLElement>("main h1")?.focus();
    }
  }, [View]);

  if (View && viewHasHeading) return <View />;
  return (
    <div class={props.class ? `page ${props.class}` : "page"}>
      <div class="page-header">
        <h1 tabIndex={-1}>{title}</h1>
        {intro && <p class="page-intro">{intro}</p>}
      </div>
      {View ? (
        <View />
      ) : failed ? (
        <div class="notice notice-error" role="alert">
          <p class="notice-title">{failedTitle}</p>
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
        loading
      )}
    </div>
  );
}
