import { FormFooter } from "../../components/form-footer";
import { TextField } from "../../components/text-field";
import { useFieldsForm } from "../../components/use-fields-form";
import type { ShortUrl } from "../links/short-url";
import type { LinkRouting } from "./routing-link";
import { updateRouting } from "./update-routing";

const fieldId = (field: "ios_url" | "android_url") => `deep-${field.replace("_", "-")}`;

/** App deep links: iOS and Android visitors go there before any rule. */
export function DeepLinksForm({
  link,
  routing,
  onSaved,
}: {
  link: ShortUrl;
  routing: LinkRouting;
  onSaved: (link: ShortUrl) => void;
}) {
  const form = useFieldsForm({
    save: (body) => updateRouting(link, body),
    initial: { ios_url: routing.ios_url, android_url: routing.android_url },
    saved: "Deep links saved",
    fieldId,
    onSaved,
  });
  return (
    <section class="section" aria-labelledby="deep-links-title">
      <h2 id="deep-links-title">App deep links</h2>
      <p class="muted">
        iPhone, iPad and Android visitors go to the app link before any rule is tried. Empty: no deep link.
      </p>
      <form
        onSubmit={form.submit}
        noValidate
        aria-labelledby="deep-links-title"
        aria-describedby={form.problem ? "deep-problem" : undefined}
      >
        <div class="field-grid">
          <TextField
            id={fieldId("ios_url")}
            label="iOS URL"
            inputMode="url"
            value={form.values.ios_url}
            onValue={(value) => form.change("ios_url", value)}
            error={form.errors.get("ios_url")}
            hint="A universal link or app scheme: myapp://product/42"
            autoComplete="off"
          />
          <TextField
            id={fieldId("android_url")}
            label="Android URL"
            inputMode="url"
            value={form.values.android_url}
            onValue={(value) => form.change("android_url", value)}
            error={form.errors.get("android_url")}
            hint="An app link or intent: https://example.com/app/42"
            autoComplete="off"
          />
        </div>
        <FormFooter id="deep-problem" problem={form.problem} pending={form.pending} label="Save deep links" />
      </form>
    </section>
  );
}
