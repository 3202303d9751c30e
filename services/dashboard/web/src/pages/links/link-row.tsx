import { AppLink } from "../../components/app-link";
import { CopyButton } from "../../components/copy-button";
import { formatDate, formatDateTime } from "../../components/format-date";
import { formatNumber } from "../../components/format-number";
import { routingHref } from "../routing/routing-href";
import { LinkBadges } from "./link-badges";
import type { ShortUrl } from "./short-url";

interface LinkRowProps {
  link: ShortUrl;
  onEdit: (link: ShortUrl) => void;
  onDelete: (link: ShortUrl) => void;
  selected: boolean;
  onSelect: (link: ShortUrl, selected: boolean) => void;
}

/** The list filtered by one tag, keeping the current sort. */
function tagHref(tag: string): string {
  const search = new URLSearchParams(window.location.search);
  search.set("tag", tag);
  search.delete("page");
  return `${window.location.pathname}?${search}`;
}

/**
 * One link. The data-label attributes name each cell where narrow screens show the row as a card
 * (the column headers are then hidden).
 */
export function LinkRow({ link, onEdit, onDelete, selected, onSelect }: LinkRowProps) {
  const shortUrlId = `short-url-${link.linkId}`;
  return (
    <tr class={selected ? "row-selected" : undefined}>
      <td class="cell-select" data-label="Select">
        <input
          type="checkbox"
          checked={selected}
          onChange={(event) => onSelect(link, event.currentTarget.checked)}
          aria-label={`Select ${link.shortUrl}`}
        />
      </td>
      <td class="cell-link" data-label="Short link">
        <div class="short-link">
          <a id={shortUrlId} class="short-url" href={link.shortUrl} target="_blank" rel="noopener noreferrer">
            {link.shortUrl}
          </a>
          <CopyButton text={link.shortUrl} describedBy={shortUrlId} />
        </div>
        {link.name && <p class="link-name">{link.name}</p>}
        <LinkBadges link={link} />
      </td>
      <td class="cell-destination" data-label="Destination">
        <a
          class="destination"
          href={link.destinationUrl}
          title={link.destinationUrl}
          target="_blank"
          rel="noopener noreferrer"
        >
          {link.originalUrl}
        </a>
      </td>
      <td data-label="Tags">
        {link.tags.length > 0 ? (
          <ul class="tags">
            {link.tags.map((tag) => (
              <li key={tag}>
                <AppLink href={tagHref(tag)} class="tag" aria-label={`Show links tagged ${tag}`}>
                  {tag}
                </AppLink>
              </li>
            ))}
          </ul>
        ) : (
          <>
            <span class="muted" aria-hidden="true">
              —
            </span>
            <span class="visually-hidden">No tags</span>
          </>
        )}
      </td>
      <td class="cell-number" data-label="Clicks">
        {formatNumber(link.clicks)}
      </td>
      <td data-label="Created">
        <time dateTime={link.createdAt} title={formatDateTime(link.createdAt)}>
          {formatDate(link.createdAt)}
        </time>
      </td>
      <td class="cell-actions">
        {/* The other pages read ?link= as the short code (the custom alias, when there is one). */}
        <AppLink
          href={`/app/analytics?link=${encodeURIComponent(link.shortCode)}`}
          class="button button-secondary button-small"
          aria-describedby={shortUrlId}
        >
          Analytics
        </AppLink>
        <AppLink
          href={`/app/qr?link=${encodeURIComponent(link.shortCode)}`}
          class="button button-secondary button-small"
          aria-describedby={shortUrlId}
        >
          QR code
        </AppLink>
        <AppLink
          href={routingHref(link.shortCode)}
          class="button button-secondary button-small"
          aria-describedby={shortUrlId}
        >
          Routing
        </AppLink>
        <button
          type="button"
          class="button button-secondary button-small"
          onClick={() => onEdit(link)}
          aria-describedby={shortUrlId}
        >
          Edit
        </button>
        <button
          type="button"
          class="button button-danger button-small"
          onClick={() => onDelete(link)}
          aria-describedby={shortUrlId}
        >
          Delete
        </button>
      </td>
    </tr>
  );
}
