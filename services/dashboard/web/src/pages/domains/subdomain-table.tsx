import { formatDate } from "../../components/format-date";
import { formatNumber } from "../../components/format-number";
import { DomainSettingsForm } from "./domain-settings-form";
import type { Subdomain } from "./domain-types";

interface SubdomainTableProps {
  subdomains: Subdomain[];
  onRelease: (subdomain: Subdomain) => void;
  onChanged: (subdomain: Subdomain) => void;
}

/** Reserved subdomains of the shared short host, each with its settings (redirects) and a Release button. */
export function SubdomainTable({ subdomains, onRelease, onChanged }: SubdomainTableProps) {
  return (
    <div class="table-wrap">
      <table class="data-table">
        <caption class="visually-hidden">Your subdomains</caption>
        <thead>
          <tr>
            <th scope="col">Host</th>
            <th scope="col">Name</th>
            <th scope="col" class="cell-number">
              Links
            </th>
            <th scope="col">Reserved</th>
            <th scope="col">
              <span class="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {subdomains.map((subdomain) => (
            <tr key={subdomain.id}>
              <td data-label="Host" class="strong break-anywhere">
                {subdomain.host}
              </td>
              <td data-label="Name">{subdomain.name || <span class="muted">—</span>}</td>
              <td data-label="Links" class="cell-number">
                {formatNumber(subdomain.linkCount)}
              </td>
              <td data-label="Reserved">
                <time dateTime={subdomain.createdAt}>{formatDate(subdomain.createdAt)}</time>
              </td>
              <td class="cell-actions">
                <DomainSettingsForm kind="subdomain" domain={subdomain} onSaved={onChanged} />
                <button
                  type="button"
                  class="button button-danger button-small"
                  onClick={() => onRelease(subdomain)}
                >
                  Release<span class="visually-hidden"> {subdomain.host}</span>
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
