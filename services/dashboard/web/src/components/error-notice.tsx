import type { ApiError } from "../api/api-error";

interface ErrorNoticeProps {
  error: ApiError;
  /** What failed, e.g. "Links could not be loaded". */
  title: string;
  onRetry?: () => void;
}

/** A failed call, with the API's own message and hint, and a way to try again. */
export function ErrorNotice({ error, title, onRetry }: ErrorNoticeProps) {
  return (
    <div class="notice notice-error" role="alert">
      <p class="notice-title">{title}</p>
      <p>{error.message}</p>
      {error.hint && <p class="notice-hint">{error.hint}</p>}
      {onRetry && (
        <button type="button" class="button button-secondary" onClick={onRetry}>
          Try again
        </button>
      )}
    </div>
  );
}
