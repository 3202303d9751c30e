import { formatNumber } from "../../components/format-number";
import { useApiQuery } from "../../components/use-api-query";
import { getShortLink } from "./get-short-link";
import type { QrCode } from "./qr-code";

/**
 * Scans of a code. Only a code that encodes a short link (dynamic or protected) passes through
 * Kurz when scanned: its link's clicks are its scans. A static code is read by the phone alone.
 */
export function QrScans({ code }: { code: QrCode }) {
  const shortCode = code.shortCode;
  const link = useApiQuery(`scans:${shortCode ?? ""}:${code.updatedAt}`, (signal) =>
    shortCode ? getShortLink(shortCode, signal) : Promise.resolve(null),
  );
  if (!shortCode) {
    return (
      <>
        <span class="muted" aria-hidden="true">
          —
        </span>
        <span class="visually-hidden">Not counted (static code)</span>
      </>
    );
  }
  if (link.status === "loading") {
    return (
      <span class="muted">
        <span aria-hidden="true">…</span>
        <span class="visually-hidden">Loading</span>
      </span>
    );
  }
  if (link.status === "error" || !link.data) return <span class="muted">Unavailable</span>;
  return <>{formatNumber(link.data.clicks)}</>;
}
