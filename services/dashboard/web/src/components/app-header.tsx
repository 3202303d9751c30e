import { APP_BASE, pathOf, type RouteName } from "../router";
import { AppLink } from "./app-link";
import { SignOutButton } from "./sign-out-button";
import { useWorkspaces } from "./use-workspaces";
import { managesMembers } from "./workspace";
import { WorkspaceSwitcher } from "./workspace-switcher";

const SECTIONS = [
  { route: "links", label: "Links" },
  { route: "analytics", label: "Analytics" },
  { route: "qr", label: "QR codes" },
  { route: "ab-tests", label: "A/B tests" },
  { route: "campaigns", label: "Campaigns" },
  { route: "domains", label: "Domains" },
  { route: "webhooks", label: "Webhooks" },
  { route: "team", label: "Team" },
  // Admins and owners only (docs/api/workspaces.md#roles): shown once the role is known.
  { route: "audit-log", label: "Audit log", managers: true },
  { route: "account", label: "Account" },
] as const;

/** The bar on every page: the product, the sections, the workspace, and signing out. */
export function AppHeader({ route }: { route: RouteName }) {
  const workspaces = useWorkspaces();
  const role = workspaces.current?.role;
  const manages = role !== undefined && managesMembers(role);
  const sections = SECTIONS.filter((section) => !("managers" in section) || manages);
  return (
    <header class="app-header">
      <div class="app-header-inner">
        <AppLink href={`${APP_BASE}/`} class="brand">
          Kurz
        </AppLink>
        <nav class="main-nav" aria-label="Main">
          <ul>
            {sections.map((section) => (
              <li key={section.route}>
                <AppLink
                  href={pathOf(section.route)}
                  class="nav-link"
                  aria-current={route === section.route ? "page" : undefined}
                >
                  {section.label}
                </AppLink>
              </li>
            ))}
          </ul>
        </nav>
        <div class="header-actions">
          <WorkspaceSwitcher workspaces={workspaces} />
          <SignOutButton />
        </div>
      </div>
    </header>
  );
}
