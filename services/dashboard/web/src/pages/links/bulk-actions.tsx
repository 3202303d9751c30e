import { useEffect, useState } from "preact/hooks";
import { ProblemNotice } from "../../components/problem-notice";
import { buildCampaignUpdates, buildTagUpdates, normalizeTag } from "./build-bulk-bodies";
import { BulkCampaignForm } from "./bulk-campaign-form";
import { BulkFailuresNotice } from "./bulk-failures-notice";
import { BulkTagForm } from "./bulk-tag-form";
import { DeleteLinksDialog } from "./delete-links-dialog";
import { type BulkWording, linkCount } from "./describe-bulk-outcome";
import { useLinkChoices } from "./link-choices";
import type { BulkOutcome } from "./read-bulk-results";
import { updateLinks } from "./update-links";
import { useBulkAction } from "./use-bulk-action";
import type { LinkSelection } from "./use-link-selection";
import "./bulk-actions.css";

interface BulkActionsProps {
  selection: LinkSelection;
  /** A bulk call answered: the selection is cleared, and the page reloads the list. */
  onSettled: (outcome: BulkOutcome, deleted: boolean) => void;
}

const DELETED: BulkWording = { done: (n) => `Deleted ${linkCount(n)}`, failed: "deleted" };

/**
 * What can be done to the selected links at once: add a tag, move to a campaign, delete. Each
 * is ONE bulk call; the bar shows while links are selected, the links a call refused stay listed
 * after it (the selection is gone by then).
 */
export function BulkActions({ selection, onSettled }: BulkActionsProps) {
  const { campaigns } = useLinkChoices();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const action = useBulkAction((outcome, wording) => {
    selection.clear();
    onSettled(outcome, wording === DELETED);
  });
  const links = selection.selected;
  const { pending } = action;
  const nothingSelected = links.length === 0;

  // A refusal speaks of the selection it was about: with that gone (cleared, another view), so is it.
  useEffect(() => {
    if (nothingSelected) action.dismissProblem();
  }, [nothingSelected]);

  const addTag = (tag: string) =>
    action.run(links, () => updateLinks(buildTagUpdates(links, tag)), {
      done: (n) => `Tagged ${linkCount(n)} with “${normalizeTag(tag)}”`,
      failed: "tagged",
    });

  const move = (campaignId: string) => {
    const name = campaigns.find((campaign) => campaign.id === campaignId)?.name;
    return action.run(links, () => updateLinks(buildCampaignUpdates(links, campaignId)), {
      done: (n) => (name ? `Moved ${linkCount(n)} to ${name}` : `Took ${linkCount(n)} out of their campaign`),
      failed: "moved",
    });
  };

  return (
    <>
      {links.length > 0 && (
        <section class="bulk-bar" aria-label="Bulk actions" aria-busy={pending ? true : undefined}>
          <p class="bulk-count" aria-live="polite">
            {links.length} selected
          </p>
          <BulkTagForm pending={pending} onApply={addTag} />
          {campaigns.length > 0 && (
            <BulkCampaignForm campaigns={campaigns} pending={pending} onApply={move} />
          )}
          <div class="bulk-buttons">
            <button
              type="button"
              class="button button-danger"
              aria-disabled={pending ? true : undefined}
              onClick={() => !pending && setConfirmDelete(true)}
            >
              Delete
            </button>
            <button
              type="button"
              class="button button-ghost"
              aria-disabled={pending ? true : undefined}
              onClick={() => !pending && selection.clear()}
            >
              Clear selection
            </button>
            <span class="form-pending" role="status">
              {pending ? "Working…" : ""}
            </span>
          </div>
          {action.problem && (
            <ProblemNotice id="bulk-problem" title="Nothing was changed" error={action.problem} />
          )}
        </section>
      )}
      {action.failures && (
        <BulkFailuresNotice failures={action.failures} onDismiss={action.dismissFailures} />
      )}
      {confirmDelete && links.length > 0 && (
        <DeleteLinksDialog
          links={links}
          onCancel={() => setConfirmDelete(false)}
          onDeleted={(results) => {
            setConfirmDelete(false);
            action.settle(links, results, DELETED);
          }}
        />
      )}
    </>
  );
}
