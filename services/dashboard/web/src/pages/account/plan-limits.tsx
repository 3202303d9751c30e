import type { components } from "../../api/schema.generated";
import { formatLimit, formatNumber } from "../../components/format-number";

type Plan = components["schemas"]["Account"]["plan"];

const LIMITS = [
  ["Links", "max_links"],
  ["QR codes", "max_qr_codes"],
  ["Campaigns", "max_campaigns"],
  ["Subdomains", "max_subdomains"],
  ["Branded domains", "max_branded_domains"],
  ["A/B tests", "max_ab_tests"],
  ["Webhook endpoints", "max_webhook_endpoints"],
  ["API keys", "max_api_keys"],
] as const;

const yesNo = (included: boolean) => (included ? "Included" : "Not included");

/** What the plan allows, as a two-column list. */
export function PlanLimits({ plan }: { plan: Plan }) {
  return (
    <dl class="facts">
      {LIMITS.map(([label, key]) => (
        <div key={key}>
          <dt>{label}</dt>
          <dd>{formatLimit(plan[key])}</dd>
        </div>
      ))}
      <div>
        <dt>MCP access</dt>
        <dd>{yesNo(plan.mcp_access)}</dd>
      </div>
      <div>
        <dt>Webhooks</dt>
        <dd>{yesNo(plan.webhooks)}</dd>
      </div>
      <div>
        <dt>A/B testing</dt>
        <dd>{yesNo(plan.ab_tests)}</dd>
      </div>
      <div>
        <dt>Analytics history</dt>
        <dd>{formatNumber(plan.analytics_retention_days)} days</dd>
      </div>
      <div>
        <dt>API requests</dt>
        <dd>{formatNumber(plan.rest_requests_per_minute)} per minute</dd>
      </div>
      <div>
        <dt>MCP requests</dt>
        <dd>{formatNumber(plan.mcp_requests_per_minute)} per minute</dd>
      </div>
    </dl>
  );
}
