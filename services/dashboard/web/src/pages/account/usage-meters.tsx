import type { components } from "../../api/schema.generated";
import { formatNumber } from "../../components/format-number";
import type { Usage } from "./get-usage";
import { UsageMeter } from "./usage-meter";

type Plan = components["schemas"]["Account"]["plan"];

interface UsageMetersProps {
  plan: Plan;
  usage: Usage;
  apiKeys: number | undefined;
}

/** Everything the plan counts, used against its maximum. */
export function UsageMeters({ plan, usage, apiKeys }: UsageMetersProps) {
  return (
    <div class="usage-list">
      <UsageMeter id="usage-links" label="Links" used={usage.links} max={plan.max_links} />
      <UsageMeter id="usage-qr" label="QR codes" used={usage.qrCodes} max={plan.max_qr_codes} />
      <UsageMeter id="usage-campaigns" label="Campaigns" used={usage.campaigns} max={plan.max_campaigns} />
      <UsageMeter
        id="usage-subdomains"
        label="Subdomains"
        used={usage.subdomains}
        max={plan.max_subdomains}
      />
      <UsageMeter
        id="usage-branded"
        label="Branded domains"
        used={usage.brandedDomains}
        max={plan.max_branded_domains}
      />
      <UsageMeter id="usage-api-keys" label="API keys" used={apiKeys} max={plan.max_api_keys} />
      {usage.clicks !== undefined && (
        <p class="muted">{formatNumber(usage.clicks)} clicks on all your links so far.</p>
      )}
    </div>
  );
}
