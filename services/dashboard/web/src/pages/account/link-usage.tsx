import { formatLimit, formatNumber } from "../../components/format-number";
import type { getLinkUsage } from "./get-link-usage";

type Usage = Awaited<ReturnType<typeof getLinkUsage>>;

/** Links used against the plan's maximum, with a meter when there is one. */
export function LinkUsage({ usage }: { usage: Usage }) {
  const max = usage.maxLinks;
  const limited = max !== null && max > 0;
  return (
    <div class="usage">
      <p class="usage-figure">
        <span class="strong">{formatNumber(usage.totalLinks)}</span> links
        {limited ? ` of ${formatLimit(max)}` : max === null ? " (no limit)" : ""}
      </p>
      {limited && (
        <meter
          class="usage-meter"
          min={0}
          max={max}
          value={usage.totalLinks}
          aria-label="Links used of the plan's maximum"
        >
          {formatNumber(usage.totalLinks)} of {formatNumber(max)}
        </meter>
      )}
      <dl class="facts">
        <div>
          <dt>Clicks, all links</dt>
          <dd>{formatNumber(usage.totalClicks)}</dd>
        </div>
        <div>
          <dt>Dynamic links</dt>
          <dd>{formatNumber(usage.dynamicLinks)}</dd>
        </div>
        <div>
          <dt>Password-protected</dt>
          <dd>{formatNumber(usage.passwordProtectedLinks)}</dd>
        </div>
        <div>
          <dt>With an expiry</dt>
          <dd>{formatNumber(usage.expiringLinks)}</dd>
        </div>
        <div>
          <dt>With a QR code</dt>
          <dd>{formatNumber(usage.qrLinks)}</dd>
        </div>
      </dl>
    </div>
  );
}
