import { useEffect, useState } from "preact/hooks";
import { type ApiQuery, useApiQuery } from "../../components/use-api-query";
import { getImport } from "./get-import";
import { isImportActive, type LinkImport } from "./link-import";

/** How often a queued or running import is asked for news. */
const POLL_MS = 1000;

/**
 * One import, asked for again every POLL_MS while it is queued or running, and no more once it
 * has finished. Leaving the page (unmounting) stops the timer and aborts the call on its way.
 */
export function useImportProgress(id: string): ApiQuery<LinkImport> {
  const [tick, setTick] = useState(0);
  const progress = useApiQuery(`import:${id}#${tick}`, (signal) => getImport(id, signal));
  const active = progress.data !== undefined && isImportActive(progress.data);

  // Each answer schedules the next question: calls never overlap, however slow the answers.
  useEffect(() => {
    if (!active || progress.refreshing) return;
    const timer = window.setTimeout(() => setTick((n) => n + 1), POLL_MS);
    return () => window.clearTimeout(timer);
  }, [progress.data, progress.refreshing]);

  return progress;
}
