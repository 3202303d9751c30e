import { useState } from "preact/hooks";
import { announce } from "../../components/announce";
import { asApiError } from "../../components/as-api-error";
import { CopyValueButton } from "../../components/copy-value-button";
import { ErrorNotice } from "../../components/error-notice";
import { FormFooter } from "../../components/form-footer";
import { TextField } from "../../components/text-field";
import { useApiQuery } from "../../components/use-api-query";
import { useFieldsForm } from "../../components/use-fields-form";
import type { Workspace } from "../../components/workspace";
import { getWorkspaceSso, saveWorkspaceSso, verifyWorkspaceSso, type WorkspaceSso } from "./workspace-sso";

type SsoField = "issuer" | "client_id" | "client_secret" | "domain" | "enforced";
const fieldId = (field: SsoField) => `sso-${field.replace("_", "-")}`;

/**
 * Single sign-on (docs/api/workspaces.md#single-sign-on), for admins and owners: the provider's
 * settings (owners change them; the secret is never shown), the TXT record that proves the
 * domain, and a Verify button. Below the Enterprise plan it says so.
 */
export function SsoSection({ workspace }: { workspace: Workspace }) {
  const [version, setVersion] = useState(0);
  const sso = useApiQuery(`sso:${workspace.id}#${version}`, (signal) =>
    getWorkspaceSso(workspace.id, signal),
  );
  const reload = () => setVersion((n) => n + 1);
  return (
    <section class="card" aria-labelledby="sso-heading">
      <h2 id="sso-heading">Single sign-on</h2>
      {sso.status === "loading" && (
        <p class="muted" role="status">
          Loading single sign-on…
        </p>
      )}
      {sso.status === "error" && (
        <ErrorNotice title="Single sign-on could not be loaded" error={sso.error} onRetry={sso.reload} />
      )}
      {sso.status === "ready" && (
        <SsoPanel
          workspace={workspace}
          sso={sso.data}
          onChanged={reload}
          key={sso.data?.updated_at ?? "none"}
        />
      )}
    </section>
  );
}

function SsoPanel({
  workspace,
  sso,
  onChanged,
}: {
  workspace: Workspace;
  sso: WorkspaceSso | null;
  onChanged: () => void;
}) {
  const owner = workspace.role === "owner";
  if (workspace.plan !== "enterprise" && !sso) {
    return <p class="muted">Single sign-on through your identity provider is part of the Enterprise plan.</p>;
  }
  return (
    <>
      {sso && <SsoVerification workspaceId={workspace.id} sso={sso} owner={owner} onVerified={onChanged} />}
      {owner ? (
        <SsoForm workspaceId={workspace.id} sso={sso} onSaved={onChanged} />
      ) : (
        sso && (
          <dl class="facts">
            <div>
              <dt>Issuer</dt>
              <dd>{sso.issuer}</dd>
            </div>
            <div>
              <dt>Client id</dt>
              <dd>{sso.client_id}</dd>
            </div>
            <div>
              <dt>Enforced</dt>
              <dd>{sso.enforced ? "Yes: password log-in is refused for the domain" : "No"}</dd>
            </div>
          </dl>
        )
      )}
    </>
  );
}

function SsoVerification({
  workspaceId,
  sso,
  owner,
  onVerified,
}: {
  workspaceId: string;
  sso: WorkspaceSso;
  owner: boolean;
  onVerified: () => void;
}) {
  const [pending, setPending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const verify = async () => {
    if (pending) return;
    setPending(true);
    setProblem(null);
    try {
      const checked = await verifyWorkspaceSso(workspaceId);
      setPending(false);
      if (checked.verification.status === "verified") {
        announce(`${sso.domain} is verified`);
        onVerified();
      } else {
        setProblem(checked.verification.problem ?? "The TXT record was not found yet.");
      }
    } catch (error) {
      setPending(false);
      setProblem(asApiError(error, "The domain could not be checked. Try again.").message);
    }
  };
  const { verification } = sso;
  return (
    <div class="stack-form">
      <p>
        Domain <strong>{sso.domain}</strong>:{" "}
        {verification.status === "verified"
          ? "verified — people with these addresses can sign in through your provider"
          : "waiting for its DNS record"}
      </p>
      {verification.status === "pending" && (
        <>
          <p class="muted">Add this TXT record at your DNS provider, then verify.</p>
          <dl class="facts">
            <div>
              <dt>Name</dt>
              <dd>
                <code>{verification.txt_name}</code>{" "}
                <CopyValueButton text={verification.txt_name} what="record name" />
              </dd>
            </div>
            <div>
              <dt>Value</dt>
              <dd>
                <code>{verification.txt_value}</code>{" "}
                <CopyValueButton text={verification.txt_value} what="record value" />
              </dd>
            </div>
          </dl>
          {problem && (
            <div class="notice notice-error" role="alert">
              <p class="notice-title">{problem}</p>
            </div>
          )}
          {owner && (
            <div class="form-actions">
              <button
                type="button"
                class="button"
                onClick={verify}
                aria-disabled={pending ? true : undefined}
              >
                Verify domain
              </button>
              <span class="form-pending" role="status">
                {pending ? "Checking…" : ""}
              </span>
            </div>
          )}
        </>
      )}
    </div>
  );
}

function SsoForm({
  workspaceId,
  sso,
  onSaved,
}: {
  workspaceId: string;
  sso: WorkspaceSso | null;
  onSaved: () => void;
}) {
  const initial: Record<SsoField, string> = {
    issuer: sso?.issuer ?? "",
    client_id: sso?.client_id ?? "",
    client_secret: "",
    domain: sso?.domain ?? "",
    enforced: sso?.enforced ? "true" : "false",
  };
  const form = useFieldsForm({
    initial,
    // The API takes the whole settings: the changed fields over what the form shows.
    save: (): ReturnType<typeof saveWorkspaceSso> =>
      saveWorkspaceSso(workspaceId, {
        issuer: form.values.issuer.trim(),
        client_id: form.values.client_id.trim(),
        ...(form.values.client_secret.trim() ? { client_secret: form.values.client_secret.trim() } : {}),
        domain: form.values.domain.trim(),
        enforced: form.values.enforced === "true",
      }),
    saved: "Single sign-on saved",
    fieldId,
    onSaved,
  });
  return (
    <form
      class="stack-form"
      onSubmit={form.submit}
      noValidate
      aria-label="Single sign-on settings"
      aria-describedby={form.problem ? "sso-problem" : undefined}
    >
      <TextField
        id={fieldId("issuer")}
        label="Issuer URL"
        required
        type="url"
        value={form.values.issuer}
        onValue={(value) => form.change("issuer", value)}
        error={form.errors.get("issuer")}
        hint="Your identity provider's OpenID Connect issuer, e.g. https://login.example.com"
        autoComplete="off"
      />
      <TextField
        id={fieldId("client_id")}
        label="Client id"
        required
        value={form.values.client_id}
        onValue={(value) => form.change("client_id", value)}
        error={form.errors.get("client_id")}
        autoComplete="off"
      />
      <TextField
        id={fieldId("client_secret")}
        label="Client secret"
        required={!sso}
        type="password"
        value={form.values.client_secret}
        onValue={(value) => form.change("client_secret", value)}
        error={form.errors.get("client_secret")}
        hint={sso ? "Stored sealed and never shown; leave empty to keep it" : "Stored sealed and never shown"}
        autoComplete="new-password"
      />
      <TextField
        id={fieldId("domain")}
        label="E-mail domain"
        required
        value={form.values.domain}
        onValue={(value) => form.change("domain", value)}
        error={form.errors.get("domain")}
        hint="People with addresses at this domain sign in through your provider"
        autoComplete="off"
      />
      <div class="checkbox-field">
        <input
          type="checkbox"
          id={fieldId("enforced")}
          checked={form.values.enforced === "true"}
          onChange={(event) => form.change("enforced", event.currentTarget.checked ? "true" : "false")}
        />
        <label for={fieldId("enforced")}>
          Require single sign-on: refuse password log-in and sign-up for the domain
        </label>
      </div>
      <FormFooter
        id="sso-problem"
        problem={form.problem}
        pending={form.pending}
        label="Save single sign-on"
      />
    </form>
  );
}
