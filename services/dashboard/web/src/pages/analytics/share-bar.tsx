import { useLayoutEffect, useRef } from "preact/hooks";

/**
 * A bar as long as a share (0–1), drawn behind a table cell's text. Its width is set through
 * element.style: the CSP refuses style attributes, not styles set from script.
 */
export function ShareBar({ share }: { share: number }) {
  const bar = useRef<HTMLSpanElement>(null);
  useLayoutEffect(() => {
    const width = Math.min(1, Math.max(0, share)) * 100;
    if (bar.current) bar.current.style.width = `${width.toFixed(1)}%`;
  }, [share]);
  return <span ref={bar} class="share-bar" aria-hidden="true" />;
}
