import { FormFooter } from "../../components/form-footer";
import { TextField } from "../../components/text-field";
import { TextareaField } from "../../components/textarea-field";
import { useFieldsForm } from "../../components/use-fields-form";
import type { ShortUrl } from "../links/short-url";
import { PreviewCard } from "./preview-card";
import type { LinkRouting } from "./routing-link";
import { updateRouting } from "./update-routing";

type CardField = "og_title" | "og_description" | "og_image";
const fieldId = (field: CardField) => `card-${field.replace("og_", "")}`;

const hostOf = (url: string) => {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
};

/** The card link-preview crawlers are shown, with the card rendered as it is typed. */
export function PreviewCardForm({
  link,
  routing,
  onSaved,
}: {
  link: ShortUrl;
  routing: LinkRouting;
  onSaved: (link: ShortUrl) => void;
}) {
  const form = useFieldsForm<CardField, ShortUrl>({
    save: (body) => updateRouting(link, body),
    initial: {
      og_title: routing.og_title,
      og_description: routing.og_description,
      og_image: routing.og_image,
    },
    saved: "Preview card saved",
    fieldId,
    onSaved,
  });
  return (
    <section class="section" aria-labelledby="card-title-heading">
      <h2 id="card-title-heading">Social preview card</h2>
      <p class="muted">
        What Slack, Facebook, X, LinkedIn and other link previews show when the short link is shared. People
        who open it still go to its destination.
      </p>
      <div class="routing-card-layout">
        <form
          onSubmit={form.submit}
          noValidate
          aria-labelledby="card-title-heading"
          aria-describedby={form.problem ? "card-problem" : undefined}
        >
          <TextField
            id={fieldId("og_title")}
            label="Title"
            value={form.values.og_title}
            onValue={(value) => form.change("og_title", value)}
            error={form.errors.get("og_title")}
            maxLength={200}
            autoComplete="off"
          />
          <TextareaField
            id={fieldId("og_description")}
            label="Description"
            value={form.values.og_description}
            onValue={(value) => form.change("og_description", value)}
            error={form.errors.get("og_description")}
            maxLength={500}
            rows={3}
          />
          <TextField
            id={fieldId("og_image")}
            label="Image URL"
            type="url"
            inputMode="url"
            value={form.values.og_image}
            onValue={(value) => form.change("og_image", value)}
            error={form.errors.get("og_image")}
            hint="An https URL; 1200 × 630 pixels shows well everywhere."
            autoComplete="off"
          />
          <FormFooter
            id="card-problem"
            problem={form.problem}
            pending={form.pending}
            label="Save preview card"
          />
        </form>
        <div class="routing-card-preview">
          <p class="field-label" id="card-preview-label">
            Preview
          </p>
          <PreviewCard
            title={form.values.og_title}
            description={form.values.og_description}
            image={form.values.og_image}
            host={hostOf(link.shortUrl)}
          />
        </div>
      </div>
    </section>
  );
}
