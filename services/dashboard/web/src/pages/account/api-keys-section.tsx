import { useState } from "preact/hooks";
import { announce } from "../../components/announce";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { ErrorNotice } from "../../components/error-notice";
import type { ApiQuery } from "../../components/use-api-query";
import type { Role } from "../../components/workspace";
import type { ApiKey, CreatedApiKey } from "./api-key";
import { ApiKeyList } from "./api-key-list";
import { CreateApiKeyForm } from "./create-api-key-form";
import { NewApiKeyNotice } from "./new-api-key-notice";
import { revokeApiKey } from "./revoke-api-key";

interface ApiKeysSectionProps {
  keys: ApiQuery<ApiKey[]>;
  /** The person's role in the workspace the page acts in: the most a new key may do. */
  role: ApiQuery<Role>;
  scopes: string[];
  mcpAccess: boolean;
  planName: string;
  onChanged: () => void;
}

/** API keys (for the MCP server and scripts): create one and see its secret once, list, revoke. */
export function ApiKeysSection({ keys, role, scopes, mcpAccess, planName, onChanged }: ApiKeysSectionProps) {
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const [toRevoke, setToRevoke] = useState<ApiKey | null>(null);

  const keyCreated = (key: CreatedApiKey) => {
    setCreated(key);
    announce(`API key “${key.name}” created. Copy it now: you will not see it again.`);
    onChanged();
  };

  const revoked = (key: ApiKey) => {
    setToRevoke(null);
    announce(`Revoked the API key “${key.name}”`);
    onChanged();
    document.getElementById("keys-heading")?.focus();
  };

  return (
    <section class="card" aria-labelledby="keys-heading">
      <h2 id="keys-heading" tabIndex={-1}>
        API keys
      </h2>
      <p class="muted">
        Keys let AI assistants (through the MCP server) and your own scripts act on your account.
      </p>
      {created && (
        <NewApiKeyNotice
          apiKey={created}
          onDismiss={() => {
            setCreated(null);
            document.getElementById("key-name")?.focus();
          }}
        />
      )}
      <div class="subsection">
        <h3 class="subsection-title">Create an API key</h3>
        {role.status === "loading" && (
          <p class="muted" role="status">
            Loading your role in this workspace…
          </p>
        )}
        {role.status === "error" && (
          <ErrorNotice
            title="Your role in this workspace could not be loaded"
            error={role.error}
            onRetry={role.reload}
          />
        )}
        {role.status === "ready" && (
          <CreateApiKeyForm
            scopes={scopes}
            mcpAccess={mcpAccess}
            planName={planName}
            role={role.data}
            onCreated={keyCreated}
          />
        )}
      </div>
      <div class="subsection">
        <h3 class="subsection-title">Your keys</h3>
        {keys.status === "loading" && (
          <p class="muted" role="status">
            Loading API keys…
          </p>
        )}
        {keys.status === "error" && (
          <ErrorNotice title="API keys could not be loaded" error={keys.error} onRetry={keys.reload} />
        )}
        {keys.status === "ready" && keys.data.length === 0 && (
          <p class="muted">No API keys yet. Create one above to connect an assistant or a script.</p>
        )}
        {keys.status === "ready" && keys.data.length > 0 && (
          <ApiKeyList keys={keys.data} busy={keys.refreshing} onRevoke={setToRevoke} />
        )}
      </div>
      {toRevoke && (
        <ConfirmDialog
          id="revoke-key"
          title="Revoke this API key?"
          confirmLabel="Revoke key"
          pendingLabel="Revoking…"
          onConfirm={() => revokeApiKey(toRevoke.id)}
          onCancel={() => setToRevoke(null)}
          onDone={() => revoked(toRevoke)}
        >
          <p>
            <span class="strong break-anywhere">{toRevoke.name}</span> (<code>{toRevoke.prefix}…</code>) stops
            working at once, for every assistant or script that uses it.
          </p>
        </ConfirmDialog>
      )}
    </section>
  );
}
