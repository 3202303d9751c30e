import { formatDate } from "../../components/format-date";
import { formatNumber } from "../../components/format-number";
import type { ShortUrl } from "../links/short-url";

interface CampaignLinkListProps {
  links: ShortUrl[];
  busy: boolean;
  /** The link being taken out, whose button waits. */
  removing: string | null;
  onRemove: (link: ShortUrl) => void;
}

/** The links of a campaign, each with a button to take it out (the link itself stays). */
export function CampaignLinkList({ links, busy, removing, onRemove }: CampaignLinkListProps) {
  return (
    <div class="table-wrap">
      <table class="data-table" aria-busy={busy}>
        <caption class="visually-hidden">Links in this campaign</caption>
        <thead>
          <tr>
            <th scope="col">Short link</th>
            <th scope="col">Destination</th>
            <th scope="col" class="cell-number">
              Clicks
            </th>
            <th scope="col">Created</th>
            <th scope="col">
              <span class="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {links.map((link) => {
            const shortUrlId = `campaign-link-${link.linkId}`;
            return (
              <tr key={link.linkId}>
                <td data-label="Short link" class="strong break-anywhere">
                  <a id={shortUrlId} href={link.shortUrl} target="_blank" rel="noopener noreferrer">
                    {link.shortUrl}
                  </a>
                  {link.name && <p class="link-name">{link.name}</p>}
                </td>
                <td data-label="Destination" class="break-anywhere">
                  {link.originalUrl}
                </td>
                <td data-label="Clicks" class="cell-number">
                  {formatNumber(link.clicks)}
                </td>
                <td data-label="Created">
                  <time dateTime={link.createdAt}>{formatDate(link.createdAt)}</time>
                </td>
                <td class="cell-actions">
                  <button
                    type="button"
                    class="button button-secondary button-small"
                    onClick={() => onRemove(link)}
                    aria-describedby={shortUrlId}
                    aria-disabled={removing === link.linkId ? true : undefined}
                  >
                    {removing === link.linkId ? "Removing…" : "Remove from campaign"}
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
