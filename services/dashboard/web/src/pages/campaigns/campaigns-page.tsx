import { useEffect, useRef } from "preact/hooks";
import { useLocation } from "../../router";
import { CampaignDetail } from "./campaign-detail";
import { CampaignOverview } from "./campaign-overview";

const pageOf = (value: string | null) => Math.max(1, Math.floor(Number(value) || 1));

/**
 * Campaigns: the list with a create form, or one campaign (`?id=`) with its links. Both views
 * live in the URL, so each is a link that can be shared or reloaded.
 */
export function CampaignsPage() {
  const { search } = useLocation();
  const id = search.get("id");
  const page = pageOf(search.get("page"));
  const firstView = useRef(true);

  // Between the list and one campaign the path stays the same, so the app does not move the
  // focus: start reading at the new view's heading, as after a page change.
  useEffect(() => {
    if (firstView.current) {
      firstView.current = false;
      return;
    }
    document.querySelector<HTMLElement>("main h1")?.focus();
  }, [id]);

  if (id) return <CampaignDetail key={id} id={id} page={page} />;
  return (
    <div class="page">
      <div class="page-header">
        <h1 tabIndex={-1}>Campaigns</h1>
        <p class="page-intro">Campaigns group links so their clicks can be read together.</p>
      </div>
      <CampaignOverview page={page} />
    </div>
  );
}
