import { useEffect } from "preact/hooks";

/** The browser tab's title for a page: "Links · Kurz". */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} · Kurz`;
  }, [title]);
}
