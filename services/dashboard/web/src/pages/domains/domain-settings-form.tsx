import { FormFooter } from "../../components/form-footer";
import { TextField } from "../../components/text-field";
import { TextareaField } from "../../components/textarea-field";
import { useFieldsForm } from "../../components/use-fields-form";
import type { BrandedDomain, Subdomain } from "./domain-types";
import { updateBrandedDomainSettings, updateSubdomainSettings } from "./update-domain-settings";

type RedirectField = "root_redirect_url" | "not_found_redirect_url" | "expired_redirect_url";
type FileField = "apple_app_site_association" | "asset_links";

const REDIRECTS: { field: RedirectField; label: string; hint: string }[] = [
  {
    field: "root_redirect_url",
    label: "Root redirect",
    hint: "Where someone opening the domain itself (/) goes.",
  },
  {
    field: "not_found_redirect_url",
    label: "Not-found redirect",
    hint: "Where a short link that does not exist on this domain goes.",
  },
  {
    field: "expired_redirect_url",
    label: "Expired redirect",
    hint: "Where expired links go when they have no expired URL of their own.",
  },
];

const FILES: { field: FileField; label: string; hint: string }[] = [
  {
    field: "apple_app_site_association",
    label: "Apple app site association",
    hint: "JSON object served at /.well-known/apple-app-site-association, exactly as written.",
  },
  {
    field: "asset_links",
    label: "Android asset links",
    hint: "JSON list served at /.well-known/assetlinks.json, exactly as written.",
  },
];

function redirectValues(host: Subdomain | BrandedDomain): Record<RedirectField, string> {
  return {
    root_redirect_url: host.rootRedirectUrl ?? "",
    not_found_redirect_url: host.notFoundRedirectUrl ?? "",
    expired_redirect_url: host.expiredRedirectUrl ?? "",
  };
}

type DomainSettingsFormProps =
  | { kind: "branded"; domain: BrandedDomain; onSaved: (domain: BrandedDomain) => void }
  | { kind: "subdomain"; domain: Subdomain; onSaved: (domain: Subdomain) => void };

/**
 * Where a domain sends stray visitors (its root, unknown codes, expired links) and, for a branded
 * domain, the app association files it serves. Empty fields remove a setting.
 */
export function DomainSettingsForm(props: DomainSettingsFormProps) {
  const { domain } = props;
  const prefix = `settings-${domain.id}`;
  const fieldId = (field: string) => `${prefix}-${field.replaceAll("_", "-")}`;
  const form = useFieldsForm<RedirectField | FileField, BrandedDomain | Subdomain>({
    initial:
      props.kind === "branded"
        ? {
            ...redirectValues(props.domain),
            apple_app_site_association: props.domain.appleAppSiteAssociation ?? "",
            asset_links: props.domain.assetLinks ?? "",
          }
        : (redirectValues(props.domain) as Record<RedirectField | FileField, string>),
    save: (body) =>
      props.kind === "branded"
        ? updateBrandedDomainSettings(props.domain.domain, body)
        : updateSubdomainSettings(props.domain.subdomain, body),
    saved: "Domain settings saved",
    fieldId,
    onSaved: (saved) => (props.onSaved as (saved: BrandedDomain | Subdomain) => void)(saved),
  });
  const title = props.kind === "branded" ? props.domain.domain : props.domain.host;
  return (
    <details class="domain-settings">
      <summary>
        Settings<span class="visually-hidden"> of {title}</span>
      </summary>
      <form
        onSubmit={form.submit}
        noValidate
        aria-label={`Settings of ${title}`}
        aria-describedby={form.problem ? `${prefix}-problem` : undefined}
      >
        {REDIRECTS.map(({ field, label, hint }) => (
          <TextField
            key={field}
            id={fieldId(field)}
            label={label}
            inputMode="url"
            value={form.values[field]}
            onValue={(value) => form.change(field, value)}
            error={form.errors.get(field)}
            hint={hint}
            autoComplete="off"
            placeholder="https://"
          />
        ))}
        {props.kind === "branded" &&
          FILES.map(({ field, label, hint }) => (
            <TextareaField
              key={field}
              id={fieldId(field)}
              label={label}
              value={form.values[field]}
              onValue={(value) => form.change(field, value)}
              error={form.errors.get(field)}
              hint={hint}
              rows={4}
              spellcheck={false}
              class="code"
            />
          ))}
        <FormFooter
          id={`${prefix}-problem`}
          problem={form.problem}
          pending={form.pending}
          label="Save settings"
        />
      </form>
    </details>
  );
}
