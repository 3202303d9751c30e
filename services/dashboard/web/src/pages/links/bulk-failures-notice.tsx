import type { BulkFailures } from "./use-bulk-action";

interface BulkFailuresNoticeProps {
  failures: BulkFailures;
  onDismiss: () => void;
}

/** The links a bulk action could not change, each with the API's reason. */
export function BulkFailuresNotice({ failures, onDismiss }: BulkFailuresNoticeProps) {
  return (
    <div class="notice notice-error bulk-failures" role="alert">
      <p class="notice-title">{failures.title}</p>
      <ul>
        {failures.failed.map((failure) => (
          <li key={failure.link.linkId}>
            <span class="short-url break-anywhere">{failure.link.shortUrl}</span>: {failure.message}
          </li>
        ))}
      </ul>
      <button type="button" class="button button-secondary button-small" onClick={onDismiss}>
        Dismiss
      </button>
    </div>
  );
}
