import { useEffect, useRef } from "preact/hooks";
import { AppHeader } from "./components/app-header";
import { LiveAnnouncer } from "./components/live-announcer";
import { WorkspaceLostNotice } from "./components/workspace-lost-notice";
import { AbTestsPage } from "./pages/ab-tests/ab-tests-page";
import { AccountPage } from "./pages/account/account-page";
import { AnalyticsPage } from "./pages/analytics/analytics-page";
import { AuditLogPage } from "./pages/audit-log/audit-log-page";
import { CampaignsPage } from "./pages/campaigns/campaigns-page";
import { DomainsPage } from "./pages/domains/domains-page";
import { ImportsPage } from "./pages/imports/imports-page";
import { LinksPage } from "./pages/links/links-page";
import { NotFoundPage } from "./pages/not-found-page";
import { QrPage } from "./pages/qr/qr-page";
import { RoutingPage } from "./pages/routing/routing-page";
import { TeamPage } from "./pages/team/team-page";
import { WebhooksPage } from "./pages/webhooks/webhooks-page";
import { type RouteName, routeOf, useLocation } from "./router";

function Page({ route }: { route: RouteName }) {
  switch (route) {
    case "links":
      return <LinksPage />;
    case "imports":
      return <ImportsPage />;
    case "analytics":
      return <AnalyticsPage />;
    case "qr":
      return <QrPage />;
    case "ab-tests":
      return <AbTestsPage />;
    case "campaigns":
      return <CampaignsPage />;
    case "domains":
      return <DomainsPage />;
    case "account":
      return <AccountPage />;
    case "webhooks":
      return <WebhooksPage />;
    case "team":
      return <TeamPage />;
    case "audit-log":
      return <AuditLogPage />;
    case "routing":
      return <RoutingPage />;
    default:
      return <NotFoundPage />;
  }
}

/** The shell: skip link, header, the current page, and the live region. */
export function App() {
  const { pathname } = useLocation();
  const route = routeOf(pathname);
  const main = useRef<HTMLElement>(null);
  const firstRender = useRef(true);

  // After moving to another page, start reading (and tabbing) at its heading, as a page load would.
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    main.current?.querySelector<HTMLElement>("h1")?.focus();
  }, [pathname]);

  return (
    <>
      <a class="skip-link" href="#main">
        Skip to content
      </a>
      <AppHeader route={route} />
      <main id="main" ref={main} tabIndex={-1}>
        <WorkspaceLostNotice />
        <Page route={route} />
      </main>
      <LiveAnnouncer />
    </>
  );
}
