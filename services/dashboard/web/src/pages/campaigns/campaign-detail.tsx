import { useRef, useState } from "preact/hooks";
import type { ApiError } from "../../api/api-error";
import { announce } from "../../components/announce";
import { AppLink } from "../../components/app-link";
import { asApiError } from "../../components/as-api-error";
import { ErrorNotice } from "../../components/error-notice";
import { formatDate } from "../../components/format-date";
import { formatNumber } from "../../components/format-number";
import { Pager } from "../../components/pager";
import { ProblemNotice } from "../../components/problem-notice";
import { useApiQuery } from "../../components/use-api-query";
import { usePageTitle } from "../../components/use-page-title";
import { navigate, pathOf, updateSearch } from "../../router";
import type { ShortUrl } from "../links/short-url";
import { AssignLinkForm } from "./assign-link-form";
import type { Campaign } from "./campaign";
import { draftOfCampaign } from "./campaign-draft";
import { CampaignForm } from "./campaign-form";
import { campaignAnalyticsHref } from "./campaign-href";
import { CampaignLinkList } from "./campaign-link-list";
import { CampaignTags } from "./campaign-tags";
import { DeleteCampaignDialog } from "./delete-campaign-dialog";
import { getCampaign } from "./get-campaign";
import { listCampaignLinks } from "./list-campaign-links";
import { unassignLink } from "./unassign-link";
import { updateCampaign } from "./update-campaign";

interface CampaignDetailProps {
  id: string;
  page: number;
}

/** One campaign: what it is, editing and deleting it, and its links (add, take out, page through). */
export function CampaignDetail({ id, page }: CampaignDetailProps) {
  const [refreshKey, setRefreshKey] = useState(0);
  const campaign = useApiQuery(`campaign:${id}#${refreshKey}`, (signal) => getCampaign(id, signal));
  const links = useApiQuery(`campaign-links:${id}:${page}#${refreshKey}`, (signal) =>
    listCampaignLinks(id, page, signal),
  );
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [removing, setRemoving] = useState<string | null>(null);
  const [removeProblem, setRemoveProblem] = useState<{ link: ShortUrl; error: ApiError } | null>(null);
  const editButton = useRef<HTMLButtonElement>(null);
  usePageTitle(campaign.data ? `${campaign.data.name} · Campaigns` : "Campaign");

  const refresh = () => setRefreshKey((key) => key + 1);

  const saved = (updated: Campaign) => {
    setEditing(false);
    announce(`Campaign saved: ${updated.name}`);
    refresh();
    // The form is gone: back to the button that opened it.
    window.setTimeout(() => editButton.current?.focus(), 0);
  };

  const assigned = (link: ShortUrl) => {
    announce(`Added ${link.shortUrl} to the campaign`);
    setRemoveProblem(null);
    refresh();
  };

  const remove = async (link: ShortUrl) => {
    if (removing) return;
    setRemoving(link.linkId);
    setRemoveProblem(null);
    try {
      await unassignLink(id, link.linkId);
      announce(`Removed ${link.shortUrl} from the campaign`);
      // The last link of a later page: that page is gone, show the one before.
      if (links.data?.urls.length === 1 && page > 1) updateSearch({ page: page - 1 });
      refresh();
      document.getElementById("campaign-links-heading")?.focus();
    } catch (error) {
      setRemoveProblem({ link, error: asApiError(error, "The link could not be removed. Try again.") });
    } finally {
      setRemoving(null);
    }
  };

  const deleted = (gone: Campaign) => {
    setDeleting(false);
    announce(`Deleted the campaign ${gone.name}`);
    navigate(pathOf("campaigns"));
  };

  return (
    <div class="page">
      <p class="back-link">
        <AppLink href={pathOf("campaigns")}>
          <span aria-hidden="true">← </span>All campaigns
        </AppLink>
      </p>
      {/* One heading element in every state, so the focus put on it stays while the campaign loads. */}
      <div class="page-header">
        <h1 tabIndex={-1} class="break-anywhere">
          {campaign.data?.name ?? "Campaign"}
        </h1>
        {campaign.data?.description && <p class="page-intro">{campaign.data.description}</p>}
      </div>
      {campaign.status === "loading" && (
        <p class="muted" role="status">
          Loading the campaign…
        </p>
      )}
      {campaign.status === "error" && (
        <ErrorNotice
          title={
            campaign.error.status === 404
              ? "This campaign does not exist (any more)"
              : "The campaign could not be loaded"
          }
          error={campaign.error}
          onRetry={campaign.error.status === 404 ? undefined : campaign.reload}
        />
      )}
      {campaign.status === "ready" && (
        <>
          <section class="card" aria-labelledby="campaign-about-heading">
            <h2 id="campaign-about-heading" class="visually-hidden">
              About this campaign
            </h2>
            <dl class="facts facts-inline">
              <div>
                <dt>Links</dt>
                <dd>{formatNumber(campaign.data.linkCount)}</dd>
              </div>
              <div>
                <dt>Tags</dt>
                <dd>
                  <CampaignTags tags={campaign.data.tags} />
                </dd>
              </div>
              <div>
                <dt>Created</dt>
                <dd>
                  <time dateTime={campaign.data.createdAt}>{formatDate(campaign.data.createdAt)}</time>
                </dd>
              </div>
            </dl>
            <div class="form-actions">
              <AppLink href={campaignAnalyticsHref(id)} class="button">
                View analytics
              </AppLink>
              <button
                ref={editButton}
                type="button"
                class="button button-secondary"
                aria-expanded={editing}
                aria-controls="edit-campaign"
                onClick={() => setEditing((open) => !open)}
              >
                Edit campaign
              </button>
              <button type="button" class="button button-danger" onClick={() => setDeleting(true)}>
                Delete campaign
              </button>
            </div>
            <div id="edit-campaign">
              {editing && (
                <div class="subsection">
                  <h3 class="subsection-title">Edit the campaign</h3>
                  <CampaignForm
                    idPrefix="edit-campaign"
                    initial={draftOfCampaign(campaign.data)}
                    submitLabel="Save changes"
                    pendingLabel="Saving…"
                    failureTitle="The campaign was not saved"
                    save={(body) => updateCampaign(id, body)}
                    onSaved={saved}
                    onCancel={() => {
                      setEditing(false);
                      editButton.current?.focus();
                    }}
                  />
                </div>
              )}
            </div>
          </section>

          <section class="card" aria-labelledby="assign-heading">
            <h2 id="assign-heading">Add a link to this campaign</h2>
            <AssignLinkForm campaign={campaign.data} refreshKey={refreshKey} onAssigned={assigned} />
          </section>
        </>
      )}

      {campaign.status !== "error" && (
        <section class="section" aria-labelledby="campaign-links-heading">
          <h2 id="campaign-links-heading" tabIndex={-1}>
            Links in this campaign
          </h2>
          {removeProblem && (
            <ProblemNotice
              id="remove-problem"
              title={`${removeProblem.link.shortUrl} was not removed from the campaign`}
              error={removeProblem.error}
            />
          )}
          {links.status === "loading" && (
            <p class="muted" role="status">
              Loading links…
            </p>
          )}
          {links.status === "error" && (
            <ErrorNotice
              title="The campaign's links could not be loaded"
              error={links.error}
              onRetry={links.reload}
            />
          )}
          {links.status === "ready" && links.data.urls.length === 0 && (
            <div class="empty-state">
              <p class="empty-title">No links in this campaign yet</p>
              <p>Search for one of your links above and assign it.</p>
            </div>
          )}
          {links.status === "ready" && links.data.urls.length > 0 && (
            <>
              <CampaignLinkList
                links={links.data.urls}
                busy={links.refreshing}
                removing={removing}
                onRemove={remove}
              />
              <Pager
                label="Pages of the campaign's links"
                page={links.data.pagination.page}
                totalPages={links.data.pagination.totalPages}
                total={links.data.pagination.total}
                limit={links.data.pagination.limit}
                onPage={(next) => updateSearch({ page: next === 1 ? undefined : next })}
              />
            </>
          )}
        </section>
      )}

      {deleting && campaign.data && (
        <DeleteCampaignDialog
          campaign={campaign.data}
          onCancel={() => setDeleting(false)}
          onDeleted={deleted}
        />
      )}
    </div>
  );
}
