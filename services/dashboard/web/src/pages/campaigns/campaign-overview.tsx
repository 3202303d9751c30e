import { useEffect, useRef, useState } from "preact/hooks";
import { announce } from "../../components/announce";
import { ErrorNotice } from "../../components/error-notice";
import { Pager } from "../../components/pager";
import { useApiQuery } from "../../components/use-api-query";
import { usePageTitle } from "../../components/use-page-title";
import { updateSearch } from "../../router";
import type { Campaign } from "./campaign";
import { EMPTY_CAMPAIGN_DRAFT } from "./campaign-draft";
import { CampaignForm } from "./campaign-form";
import { CampaignList } from "./campaign-list";
import { createCampaign } from "./create-campaign";
import { DeleteCampaignDialog } from "./delete-campaign-dialog";
import { listCampaigns } from "./list-campaigns";

/** The campaigns page without a chosen campaign: create one, and the list with paging. */
export function CampaignOverview({ page }: { page: number }) {
  usePageTitle("Campaigns");
  const [refreshKey, setRefreshKey] = useState(0);
  // A new key empties the create form after each campaign made.
  const [formKey, setFormKey] = useState(0);
  const campaigns = useApiQuery(`campaigns:${page}#${refreshKey}`, (signal) => listCampaigns(page, signal));
  const [toDelete, setToDelete] = useState<Campaign | null>(null);
  const listHeading = useRef<HTMLHeadingElement>(null);
  const focusList = useRef(false);

  useEffect(() => {
    if (toDelete === null && focusList.current) {
      focusList.current = false;
      listHeading.current?.focus();
    }
  }, [toDelete]);

  const created = (campaign: Campaign) => {
    announce(`Campaign created: ${campaign.name}`);
    setFormKey((key) => key + 1);
    if (page !== 1) updateSearch({ page: undefined });
    setRefreshKey((key) => key + 1);
  };

  const deleted = (campaign: Campaign) => {
    focusList.current = true;
    setToDelete(null);
    announce(`Deleted the campaign ${campaign.name}`);
    if (campaigns.data?.campaigns.length === 1 && page > 1) updateSearch({ page: page - 1 });
    setRefreshKey((key) => key + 1);
  };

  return (
    <>
      <section class="card" aria-labelledby="new-campaign-heading">
        <h2 id="new-campaign-heading">Create a campaign</h2>
        <CampaignForm
          key={formKey}
          idPrefix="new-campaign"
          initial={EMPTY_CAMPAIGN_DRAFT}
          submitLabel="Create campaign"
          pendingLabel="Creating…"
          failureTitle="The campaign was not created"
          save={createCampaign}
          onSaved={created}
        />
      </section>

      <section class="section" aria-labelledby="campaigns-heading">
        <h2 id="campaigns-heading" ref={listHeading} tabIndex={-1}>
          Your campaigns
        </h2>
        {campaigns.status === "loading" && (
          <p class="muted" role="status">
            Loading campaigns…
          </p>
        )}
        {campaigns.status === "error" && (
          <ErrorNotice
            title="Campaigns could not be loaded"
            error={campaigns.error}
            onRetry={campaigns.reload}
          />
        )}
        {campaigns.status === "ready" && campaigns.data.campaigns.length === 0 && (
          <div class="empty-state">
            <p class="empty-title">No campaigns yet</p>
            <p>Create one above, then open it to add links.</p>
          </div>
        )}
        {campaigns.status === "ready" && campaigns.data.campaigns.length > 0 && (
          <>
            <CampaignList
              campaigns={campaigns.data.campaigns}
              busy={campaigns.refreshing}
              onDelete={setToDelete}
            />
            <Pager
              label="Pages of campaigns"
              page={campaigns.data.pagination.page}
              totalPages={campaigns.data.pagination.totalPages}
              total={campaigns.data.pagination.total}
              limit={campaigns.data.pagination.limit}
              onPage={(next) => {
                updateSearch({ page: next === 1 ? undefined : next });
                listHeading.current?.focus();
              }}
            />
          </>
        )}
      </section>

      {toDelete && (
        <DeleteCampaignDialog campaign={toDelete} onCancel={() => setToDelete(null)} onDeleted={deleted} />
      )}
    </>
  );
}
