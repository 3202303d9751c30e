import { formatDate, formatDateTime } from "../../components/format-date";
import { ROLE_LABELS } from "../../components/workspace";
import type { ApiKey } from "./api-key";
import { describePermission } from "./key-permissions";

interface ApiKeyListProps {
  keys: ApiKey[];
  busy: boolean;
  onRevoke: (key: ApiKey) => void;
}

/**
 * The active keys: recognised by name and first characters, never shown in full; each with the
 * most it may do in the workspace (its role) and its permissions.
 */
export function ApiKeyList({ keys, busy, onRevoke }: ApiKeyListProps) {
  return (
    <div class="table-wrap">
      <table class="data-table" aria-busy={busy}>
        <caption class="visually-hidden">Your API keys</caption>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Key</th>
            <th scope="col">Role</th>
            <th scope="col">Permissions</th>
            <th scope="col">Created</th>
            <th scope="col">Last used</th>
            <th scope="col">
              <span class="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {keys.map((key) => (
            <tr key={key.id}>
              <td data-label="Name" class="strong break-anywhere">
                {key.name}
              </td>
              <td data-label="Key">
                <code>{key.prefix}…</code>
              </td>
              <td data-label="Role">{ROLE_LABELS[key.role]}</td>
              <td data-label="Permissions">
                <ul class="tags">
                  {key.permissions.map((permission) => (
                    <li key={permission} class="tag tag-static" title={describePermission(permission)}>
                      {permission}
                    </li>
                  ))}
                </ul>
              </td>
              <td data-label="Created">
                <time dateTime={key.created_at}>{formatDate(key.created_at)}</time>
              </td>
              <td data-label="Last used">
                {key.last_used_at ? (
                  <time dateTime={key.last_used_at}>{formatDateTime(key.last_used_at)}</time>
                ) : (
                  <span class="muted">Never</span>
                )}
              </td>
              <td class="cell-actions">
                <button type="button" class="button button-danger button-small" onClick={() => onRevoke(key)}>
                  Revoke<span class="visually-hidden"> {key.name}</span>
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
