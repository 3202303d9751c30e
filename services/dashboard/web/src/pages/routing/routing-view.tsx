import { useState } from "preact/hooks";
import { AppLink } from "../../components/app-link";
import { ErrorNotice } from "../../components/error-notice";
import { useApiQuery } from "../../components/use-api-query";
import { usePageTitle } from "../../components/use-page-title";
import { useLocation } from "../../router";
import type { ShortUrl } from "../links/short-url";
import { DeepLinksForm } from "./deep-links-form";
import { getRoutingLink } from "./get-routing-link";
import { PreviewCardForm } from "./preview-card-form";
import { routingCodeOf } from "./routing-href";
import { routingOf } from "./routing-link";
import { RulesForm } from "./rules-form";
import { SimulatorPanel } from "./simulator-panel";
import "./routing.css";

function RoutingEditors({ link: loaded }: { link: ShortUrl }) {
  // The saved link: what the simulator simulates and what the forms start from.
  const [link, setLink] = useState(loaded);
  const routing = routingOf(link);
  usePageTitle(`Routing of ${link.shortUrl}`);
  return (
    <>
      <p class="routing-subject">
        <a class="short-url break-anywhere" href={link.shortUrl} target="_blank" rel="noopener noreferrer">
          {link.shortUrl}
        </a>{" "}
        <span class="muted break-anywhere">→ {link.originalUrl}</span>
      </p>
      <div class="routing-layout">
        <RulesForm link={link} rules={routing.rules} onSaved={setLink} />
        <SimulatorPanel link={link} />
      </div>
      <DeepLinksForm link={link} routing={routing} onSaved={setLink} />
      <PreviewCardForm link={link} routing={routing} onSaved={setLink} />
    </>
  );
}

/** A link's routing: rules beside the simulator, app deep links, and the preview card. */
export function RoutingView() {
  const { pathname } = useLocation();
  const code = routingCodeOf(pathname) ?? "";
  const query = useApiQuery(`routing:${code}`, (signal) => getRoutingLink(code, signal));
  return (
    <>
      <p>
        <AppLink href="/app/links" class="back-link">
          ← All links
        </AppLink>
      </p>
      {query.status === "loading" ? (
        <p class="muted" role="status">
          Loading the link…
        </p>
      ) : query.status === "error" ? (
        <ErrorNotice error={query.error} title="The link could not be loaded" onRetry={query.reload} />
      ) : (
        <RoutingEditors key={query.data.linkId} link={query.data} />
      )}
    </>
  );
}
