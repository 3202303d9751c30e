import type { components } from "../../api/schema.generated";
import { formatDateTime } from "../../components/format-date";
import { formatNumber } from "../../components/format-number";

type BrandedDomain = components["schemas"]["BrandedDomain"];

const STATUS_TEXT: Record<BrandedDomain["status"], string> = {
  verified: "Verified",
  pending: "Waiting for DNS",
  failed: "Verification failed",
};

/** The customer's own domains, with the TXT record each one still waiting for needs. */
export function BrandedDomainTable({ domains }: { domains: BrandedDomain[] }) {
  return (
    <div class="table-wrap">
      <table class="data-table">
        <caption class="visually-hidden">Your branded domains</caption>
        <thead>
          <tr>
            <th scope="col">Domain</th>
            <th scope="col">Status</th>
            <th scope="col" class="cell-number">
              Links
            </th>
          </tr>
        </thead>
        <tbody>
          {domains.map((domain) => (
            <tr key={domain.id}>
              <td data-label="Domain" class="strong break-anywhere">
                {domain.domain}
                {domain.name && <p class="link-name">{domain.name}</p>}
              </td>
              <td data-label="Status">
                <span class={`badge badge-${domain.status}`}>{STATUS_TEXT[domain.status]}</span>
                {domain.status !== "verified" && (
                  <div class="dns-record">
                    {domain.failureReason && <p class="field-error">{domain.failureReason}</p>}
                    <p>Add this TXT record, then verify the domain through the API:</p>
                    <dl>
                      <dt>Name</dt>
                      <dd class="code break-anywhere">{domain.verification.name}</dd>
                      <dt>Value</dt>
                      <dd class="code break-anywhere">{domain.verification.value}</dd>
                    </dl>
                    {domain.lastCheckedAt && (
                      <p class="muted">Last checked {formatDateTime(domain.lastCheckedAt)}</p>
                    )}
                  </div>
                )}
              </td>
              <td data-label="Links" class="cell-number">
                {formatNumber(domain.linkCount)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
