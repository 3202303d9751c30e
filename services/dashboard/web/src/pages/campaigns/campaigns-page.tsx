import { ErrorNotice } from "../../components/error-notice";
import { formatDate } from "../../components/format-date";
import { formatNumber } from "../../components/format-number";
import { Pager } from "../../components/pager";
import { useApiQuery } from "../../components/use-api-query";
import { usePageTitle } from "../../components/use-page-title";
import { updateSearch, useLocation } from "../../router";
import { listCampaigns } from "./list-campaigns";

/** The account's campaigns (groups of links), read-only for now; the page number is in the URL. */
export function CampaignsPage() {
  usePageTitle("Campaigns");
  const { search } = useLocation();
  const page = Math.max(1, Math.floor(Number(search.get("page")) || 1));
  const campaigns = useApiQuery(`campaigns:${page}`, (signal) => listCampaigns(page, signal));

  return (
    <div class="page">
      <div class="page-header">
        <h1 tabIndex={-1}>Campaigns</h1>
        <p class="page-intro">Campaigns group links so their clicks can be read together.</p>
      </div>
      {campaigns.status === "loading" && (
        <p class="muted" role="status">
          Loading campaigns…
        </p>
      )}
      {campaigns.status === "error" && (
        <ErrorNotice
          title="Campaigns could not be loaded"
          error={campaigns.error}
          onRetry={campaigns.reload}
        />
      )}
      {campaigns.status === "ready" && campaigns.data.campaigns.length === 0 && (
        <div class="empty-state">
          <p class="empty-title">No campaigns yet</p>
          <p>Campaigns you create through the API or the MCP tools appear here.</p>
        </div>
      )}
      {campaigns.status === "ready" && campaigns.data.campaigns.length > 0 && (
        <>
          <div class="table-wrap">
            <table class="data-table" aria-busy={campaigns.refreshing}>
              <caption class="visually-hidden">Your campaigns</caption>
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">Description</th>
                  <th scope="col">Tags</th>
                  <th scope="col" class="cell-number">
                    Links
                  </th>
                  <th scope="col">Created</th>
                </tr>
              </thead>
              <tbody>
                {campaigns.data.campaigns.map((campaign) => (
                  <tr key={campaign.id}>
                    <td data-label="Name" class="strong">
                      {campaign.name}
                    </td>
                    <td data-label="Description">{campaign.description || <span class="muted">—</span>}</td>
                    <td data-label="Tags">
                      {campaign.tags.length > 0 ? (
                        <ul class="tags">
                          {campaign.tags.map((tag) => (
                            <li key={tag} class="tag tag-static">
                              {tag}
                            </li>
                          ))}
                        </ul>
                      ) : (
                        <span class="muted">—</span>
                      )}
                    </td>
                    <td data-label="Links" class="cell-number">
                      {formatNumber(campaign.linkCount)}
                    </td>
                    <td data-label="Created">
                      <time dateTime={campaign.createdAt}>{formatDate(campaign.createdAt)}</time>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager
            label="Pages of campaigns"
            page={campaigns.data.pagination.page}
            totalPages={campaigns.data.pagination.totalPages}
            total={campaigns.data.pagination.total}
            limit={campaigns.data.pagination.limit}
            onPage={(next) => updateSearch({ page: next === 1 ? undefined : next })}
          />
        </>
      )}
    </div>
  );
}
