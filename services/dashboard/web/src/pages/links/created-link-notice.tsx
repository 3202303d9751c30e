import { CopyButton } from "../../components/copy-button";
import type { ShortUrl } from "./short-url";

/** The link just made, ready to copy: the one thing the reader came to get. */
export function CreatedLinkNotice({ link, onDismiss }: { link: ShortUrl; onDismiss: () => void }) {
  return (
    <div class="notice notice-success">
      <p class="notice-title">Link created</p>
      <div class="short-link">
        <a
          id="created-short-url"
          class="short-url"
          href={link.shortUrl}
          target="_blank"
          rel="noopener noreferrer"
        >
          {link.shortUrl}
        </a>
        <CopyButton text={link.shortUrl} describedBy="created-short-url" />
      </div>
      <p class="notice-hint break-anywhere">Goes to {link.destinationUrl}</p>
      <button type="button" class="button button-ghost button-small" onClick={onDismiss}>
        Dismiss
      </button>
    </div>
  );
}
