import { loadOnce } from "../../components/load-once";
import { PageShell } from "../../components/page-shell";

const loadView = loadOnce(() => import("./team-view").then((module) => module.TeamView));

/** The team page: its members and invitations are a chunk of their own, fetched when first opened. */
export function TeamPage() {
  return (
    <PageShell
      title="Team"
      intro="Who works in this workspace, with which role, and who is invited."
      loadView={loadView}
      failedTitle="The team page could not be loaded"
      loading={
        <p class="muted" role="status">
          Loading your team…
        </p>
      }
    />
  );
}
