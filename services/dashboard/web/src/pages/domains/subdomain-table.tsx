import type { components } from "../../api/schema.generated";
import { formatDate } from "../../components/format-date";
import { formatNumber } from "../../components/format-number";

type Subdomain = components["schemas"]["Subdomain"];

/** Reserved subdomains of the shared short host. */
export function SubdomainTable({ subdomains }: { subdomains: Subdomain[] }) {
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
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
