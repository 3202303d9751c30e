import { ConfirmDialog } from "../../components/confirm-dialog";
import type { Campaign } from "./campaign";
import { deleteCampaign } from "./delete-campaign";

interface DeleteCampaignDialogProps {
  campaign: Campaign;
  onCancel: () => void;
  onDeleted: (campaign: Campaign) => void;
}

/** Asks before deleting a campaign, saying that its links stay. */
export function DeleteCampaignDialog({ campaign, onCancel, onDeleted }: DeleteCampaignDialogProps) {
  return (
    <ConfirmDialog
      id="delete-campaign"
      title="Delete this campaign?"
      confirmLabel="Delete campaign"
      pendingLabel="Deleting…"
      onConfirm={() => deleteCampaign(campaign.id)}
      onCancel={onCancel}
      onDone={() => onDeleted(campaign)}
    >
      <p>
        <span class="strong break-anywhere">{campaign.name}</span> will be deleted. Its{" "}
        {campaign.linkCount === 1 ? "link stays" : "links stay"}, no longer in a campaign.
      </p>
    </ConfirmDialog>
  );
}
