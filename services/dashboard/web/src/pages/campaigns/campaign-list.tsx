import { AppLink } from "../../components/app-link";
import { formatDate } from "../../components/format-date";
import { formatNumber } from "../../components/format-number";
import type { Campaign } from "./campaign";
import { campaignHref } from "./campaign-href";
import { CampaignTags } from "./campaign-tags";

interface CampaignListProps {
  campaigns: Campaign[];
  busy: boolean;
  onDelete: (campaign: Campaign) => void;
}

/** The campaigns of the current page; each name opens the campaign's own view. */
export function CampaignList({ campaigns, busy, onDelete }: CampaignListProps) {
  return (
    <div class="table-wrap">
      <table class="data-table" aria-busy={busy}>
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
            <th scope="col">
              <span class="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {campaigns.map((campaign) => {
            const nameId = `campaign-name-${campaign.id}`;
            return (
              <tr key={campaign.id}>
                <td data-label="Name" class="strong">
                  <AppLink id={nameId} href={campaignHref(campaign.id)}>
                    {campaign.name}
                  </AppLink>
                </td>
                <td data-label="Description" class="break-anywhere">
                  {campaign.description || <span class="muted">—</span>}
                </td>
                <td data-label="Tags">
                  <CampaignTags tags={campaign.tags} />
                </td>
                <td data-label="Links" class="cell-number">
                  {formatNumber(campaign.linkCount)}
                </td>
                <td data-label="Created">
                  <time dateTime={campaign.createdAt}>{formatDate(campaign.createdAt)}</time>
                </td>
                <td class="cell-actions">
                  <button
                    type="button"
                    class="button button-danger button-small"
                    onClick={() => onDelete(campaign)}
                    aria-describedby={nameId}
                  >
                    Delete
                  </button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
