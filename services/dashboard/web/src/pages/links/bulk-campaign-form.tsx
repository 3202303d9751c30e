import type { JSX } from "preact";
import { useState } from "preact/hooks";
import { SelectField } from "../../components/select-field";

interface BulkCampaignFormProps {
  campaigns: readonly { id: string; name: string }[];
  pending: boolean;
  /** A campaign's id, or "none" to take the links out of theirs. */
  onApply: (campaignId: string) => void;
}

/** Moves every selected link into one campaign, or out of any. */
export function BulkCampaignForm({ campaigns, pending, onApply }: BulkCampaignFormProps) {
  const [chosen, setChosen] = useState("");
  const [error, setError] = useState<string | undefined>(undefined);

  const submit = (event: JSX.TargetedSubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    if (chosen === "") {
      setError("Choose a campaign");
      document.getElementById("bulk-campaign")?.focus();
      return;
    }
    onApply(chosen);
  };

  return (
    <form class="bulk-form" onSubmit={submit} noValidate aria-label="Move to a campaign">
      <SelectField
        id="bulk-campaign"
        label="Move to campaign"
        value={chosen}
        onValue={(value) => {
          setChosen(value);
          setError(undefined);
        }}
        error={error}
        options={[
          { value: "", label: "Choose a campaign" },
          ...campaigns.map((campaign) => ({ value: campaign.id, label: campaign.name })),
          { value: "none", label: "No campaign" },
        ]}
      />
      <button type="submit" class="button button-secondary" aria-disabled={pending ? true : undefined}>
        Move links
      </button>
    </form>
  );
}
