import { useEffect, useRef } from "preact/hooks";
import { CopyValueButton } from "../../components/copy-value-button";
import { formatDateTime } from "../../components/format-date";

interface NewSecretNoticeProps {
  secret: string;
  /** Set after a rotation: until when the previous secret still signs beside this one. */
  previousExpiresAt?: string | null | undefined;
  onDismiss: () => void;
}

/**
 * The signing secret of an endpoint just created or rotated, shown this once: Kurz keeps it
 * sealed and never shows it again. The focus moves here, so the warning is read first.
 */
export function NewSecretNotice({ secret, previousExpiresAt, onDismiss }: NewSecretNoticeProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div class="notice notice-success new-key">
      <h3 id="new-secret-title" ref={heading} tabIndex={-1} class="notice-title">
        {previousExpiresAt ? "Your new signing secret" : "The endpoint's signing secret"}
      </h3>
      <p class="strong">Copy it now: you will not see it again.</p>
      <div class="secret-row">
        <code id="new-webhook-secret" class="secret break-anywhere">
          {secret}
        </code>
        <CopyValueButton text={secret} what="signing secret" />
      </div>
      {previousExpiresAt ? (
        <p class="notice-hint">
          The previous secret keeps signing beside this one until{" "}
          <time dateTime={previousExpiresAt}>{formatDateTime(previousExpiresAt)}</time> (24 h), so your
          receiver can switch without missing a delivery.
        </p>
      ) : (
        <p class="notice-hint">
          Your receiver checks each request's webhook-signature header with it (Standard Webhooks).
        </p>
      )}
      <button type="button" class="button button-secondary button-small" onClick={onDismiss}>
        I have copied the secret
      </button>
    </div>
  );
}
