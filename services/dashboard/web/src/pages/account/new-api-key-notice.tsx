import { useEffect, useRef } from "preact/hooks";
import { CopyValueButton } from "../../components/copy-value-button";
import type { CreatedApiKey } from "./api-key";

/**
 * The secret of the key just made, shown this once: Kurz keeps only its hash. The focus moves
 * here, so a screen reader reads the warning first.
 */
export function NewApiKeyNotice({ apiKey, onDismiss }: { apiKey: CreatedApiKey; onDismiss: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div class="notice notice-success new-key">
      <h3 id="new-key-title" ref={heading} tabIndex={-1} class="notice-title">
        Your new API key “{apiKey.name}”
      </h3>
      <p class="strong">Copy it now: you will not see it again.</p>
      <div class="secret-row">
        <code id="new-key-secret" class="secret break-anywhere">
          {apiKey.key}
        </code>
        <CopyValueButton text={apiKey.key} what="API key" />
      </div>
      <p class="notice-hint">Store it like a password. If it is lost, revoke it and create a new one.</p>
      <button type="button" class="button button-secondary button-small" onClick={onDismiss}>
        I have copied the key
      </button>
    </div>
  );
}
