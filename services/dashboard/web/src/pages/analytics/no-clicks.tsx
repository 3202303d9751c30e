import type { ComponentChildren } from "preact";

/** Said instead of empty charts and tables when nothing was clicked in the period. */
export function NoClicks({ period, children }: { period: string; children?: ComponentChildren }) {
  return (
    <div class="empty-state report-empty">
      <p class="empty-title">No clicks in {period} yet</p>
      {children}
    </div>
  );
}
