import { formatDate } from "../../components/format-date";
import { formatNumber } from "../../components/format-number";
import type { ShortUrl } from "./short-url";

/** The settings that change how a link behaves, as small labels under it. */
export function LinkBadges({ link }: { link: ShortUrl }) {
  const badges: { key: string; text: string; warn?: boolean }[] = [];
  if (link.isDynamic) badges.push({ key: "dynamic", text: "Dynamic" });
  if (link.passwordProtected) badges.push({ key: "password", text: "Password" });
  if (link.expiresAt) {
    const expired = new Date(link.expiresAt).getTime() <= Date.now();
    badges.push({
      key: "expires",
      text: expired ? `Expired ${formatDate(link.expiresAt)}` : `Expires ${formatDate(link.expiresAt)}`,
      warn: expired,
    });
  }
  if (link.maxClicks) badges.push({ key: "limit", text: `Limit ${formatNumber(link.maxClicks)} clicks` });
  if (!link.trackingEnabled) badges.push({ key: "tracking", text: "Tracking off" });
  if (link.qr) badges.push({ key: "qr", text: "QR code" });
  if (badges.length === 0) return null;
  return (
    <ul class="badges" aria-label="Settings">
      {badges.map((badge) => (
        <li key={badge.key} class={badge.warn ? "badge badge-warn" : "badge"}>
          {badge.text}
        </li>
      ))}
    </ul>
  );
}
