import { fileURLToPath } from "node:url";
import {
  accessibilityViolations,
  chromiumExecutable,
  pageScreenshots,
  signUpOnDashboard,
  WAIT_FOR_DEFAULT_TIMEOUT_MS,
  waitFor,
} from "@kurz/testing";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from "vitest";
import { joinThroughInvitation } from "./support/join-through-invitation";
import { setFlowPlan } from "./support/set-flow-plan";
import { startDashboardFlow } from "./support/start-dashboard-flow";
import type { FlowKurz } from "./support/start-flow-kurz";
import { waitForAnnouncement } from "./support/wait-for-announcement";

const executable = chromiumExecutable();
const ARTIFACTS = fileURLToPath(new URL("./artifacts/dashboard/", import.meta.url));
const OWNER_EMAIL = "olga@example.com";
const VIEWER_EMAIL = "vic@example.com";
const AGENCY = "Olga's agency";

let flow: FlowKurz;
let stopBrowser: (() => Promise<void>) | undefined;
/** The owner's page, and the invited person's page in a browser context (cookies) of its own. */
let owner: Page;
let viewerContext: BrowserContext | undefined;
let viewer: Page;
let shown: Page;

/** A screenshot of whichever of the two pages the step is about, in test/artifacts/dashboard/. */
const screenshot = pageScreenshots(() => shown, {
  directory: ARTIFACTS,
  prefix: "workspaces-",
  numbered: true,
});

const section = (page: Page, name: string) =>
  page.getByRole("navigation", { name: "Main" }).getByRole("link", { name, exact: true });

/** The header's workspace menu button: "Workspace: <the one the page acts in>". */
const switcher = (page: Page) => page.getByRole("button", { name: /^Workspace:/ });

/** What the page stores as the workspace it acts in (null: the person's own). */
const storedWorkspace = (page: Page) =>
  page.evaluate("window.localStorage.getItem('kurz.workspace')") as Promise<string | null>;

describe.skipIf(!executable.available)(
  "workspaces in the dashboard: switcher and team page (Chromium)",
  () => {
    beforeAll(async () => {
      ({ flow, page: owner, stop: stopBrowser } = await startDashboardFlow("dashboard-workspaces"));
      const browser = owner.context().browser();
      if (!browser) throw new Error("the owner's page has no browser");
      viewerContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      viewer = await viewerContext.newPage();
      viewer.setDefaultTimeout(WAIT_FOR_DEFAULT_TIMEOUT_MS);
    });

    afterAll(async () => {
      await viewerContext?.close();
      await stopBrowser?.();
    });

    it("an owner invites a viewer, who joins through the link, switches to the owner's workspace and sees its links read-only, until removed", async () => {
      onTestFailed(async () => {
        shown = owner;
        await screenshot("failure-owner");
        shown = viewer;
        await screenshot("failure-viewer");
      });
      shown = owner;

      // The owner signs up, is moved to Pro (3 members), and makes a link in their workspace.
      await signUpOnDashboard(owner, {
        edgeUrl: flow.edgeUrl,
        path: "/app/",
        name: "Olga Owner",
        email: OWNER_EMAIL,
      });
      await setFlowPlan(flow, OWNER_EMAIL, "pro");
      await owner.getByRole("heading", { name: "Links", level: 1 }).waitFor();
      await owner.getByLabel("Destination URL").fill("https://example.com/agency-launch");
      await owner.getByLabel("Custom alias").fill("agency-launch");
      await owner.getByText("available", { exact: false }).first().waitFor();
      await owner.getByRole("button", { name: "Create link" }).click();
      await owner.getByText(`${flow.shortHost}/agency-launch`).first().waitFor();
      // No workspace chosen: the person's own, named after them.
      await switcher(owner).getByText("Olga Owner").waitFor();

      // The team page: the workspace renamed, a viewer invited, the link to pass on shown once.
      await section(owner, "Team").click();
      await owner.getByRole("heading", { name: "Team", level: 1 }).waitFor();
      await owner.getByRole("heading", { name: "Olga Owner", level: 2 }).waitFor();
      const members = owner.getByRole("table", { name: "Members of Olga Owner" });
      await members.getByRole("cell", { name: OWNER_EMAIL }).waitFor();
      await owner.getByLabel("Workspace name").fill(AGENCY);
      await owner.getByRole("button", { name: "Rename workspace" }).click();
      await waitForAnnouncement(owner, "Workspace renamed");
      await owner.getByRole("heading", { name: AGENCY, level: 2 }).waitFor();
      // The header's menu lists it by its new name too.
      await switcher(owner).getByText(AGENCY).waitFor();

      await owner.getByLabel("Email address").fill(VIEWER_EMAIL);
      await owner.getByLabel("Role", { exact: true }).selectOption("viewer");
      await owner.getByRole("button", { name: "Send invitation" }).click();
      await owner.getByRole("heading", { name: `${VIEWER_EMAIL} is invited as viewer` }).waitFor();
      // Kurz sends no mail here (no SMTP_URL): the page says so, and shows the link to copy.
      await owner.getByText(`The link was not e-mailed: send it to ${VIEWER_EMAIL} yourself.`).waitFor();
      await owner.getByRole("button", { name: "Copy invitation link" }).waitFor();
      const acceptUrl = ((await owner.locator("#new-invitation-link").textContent()) ?? "").trim();
      expect(acceptUrl).toMatch(/^http:\/\/localhost:\d+\/auth\/invitations\/\S+$/);
      const pending = owner.getByRole("table", { name: "Pending invitations" });
      await pending.getByRole("row", { name: new RegExp(`${VIEWER_EMAIL}.*Viewer`) }).waitFor();
      await screenshot("owner-invited");
      expect(await accessibilityViolations(owner)).toEqual([]);

      // The invited person opens the link, signs up with the invited address, comes back and joins.
      shown = viewer;
      await joinThroughInvitation(viewer, acceptUrl, {
        name: "Vic Viewer",
        email: VIEWER_EMAIL,
        workspace: AGENCY,
      });
      await viewer.getByText(`You are now a viewer of ${AGENCY}.`).waitFor();
      await viewer.getByRole("link", { name: "Open the dashboard" }).click();

      // In the dashboard, their own workspace first: none of the owner's links.
      await viewer.getByRole("heading", { name: "Links", level: 1 }).waitFor();
      await viewer.getByText("No links yet — create your first one").waitFor();
      await switcher(viewer).getByText("Vic Viewer").waitFor();
      expect(await storedWorkspace(viewer)).toBeNull();

      // The switcher lists both workspaces with the role in each; choosing the agency reloads in it.
      await switcher(viewer).click();
      const agencyChoice = viewer.getByRole("button", { name: new RegExp(`^${AGENCY}\\s*Viewer`) });
      await agencyChoice.waitFor();
      const ownChoice = viewer.getByRole("button", { name: /^Vic Viewer\s*Owner/ });
      expect(await ownChoice.getAttribute("aria-current")).toBe("true");
      expect(await agencyChoice.getAttribute("aria-current")).toBeNull();
      await screenshot("viewer-switcher");
      expect(await accessibilityViolations(viewer)).toEqual([]);
      await agencyChoice.click();
      await switcher(viewer).getByText(AGENCY).waitFor();
      await viewer.getByText(`${flow.shortHost}/agency-launch`).first().waitFor();
      expect(await storedWorkspace(viewer)).toMatch(/^[0-9a-f-]{36}$/);

      // A viewer may read but not write: the API's refusal is shown at the create form.
      await viewer.getByLabel("Destination URL").fill("https://example.com/not-mine");
      await viewer.getByRole("button", { name: "Create link" }).click();
      await viewer.getByText("Your role in this workspace (viewer) does not allow").first().waitFor();

      // The team page, read-only: the members and nothing to manage them with, but Leave.
      await section(viewer, "Team").click();
      await viewer.getByRole("heading", { name: AGENCY, level: 2 }).waitFor();
      await viewer.getByText("You see the team as a viewer").waitFor();
      const viewerMembers = viewer.getByRole("table", { name: `Members of ${AGENCY}` });
      await viewerMembers.getByRole("row", { name: new RegExp(`${OWNER_EMAIL}.*Owner`) }).waitFor();
      await viewerMembers.getByRole("row", { name: new RegExp(`${VIEWER_EMAIL}.*You.*Viewer`) }).waitFor();
      await viewerMembers.getByRole("button", { name: `Leave ${AGENCY}` }).waitFor();
      await viewer.getByText("No pending invitations.").waitFor();
      for (const control of ["Rename workspace", "Send invitation", "Remove", "Change role", "Withdraw"]) {
        expect(await viewer.getByRole("button", { name: control }).count(), control).toBe(0);
      }
      expect(await viewer.getByRole("combobox").count()).toBe(0);
      expect(await viewer.getByLabel("Email address").count()).toBe(0);
      await screenshot("viewer-team");
      expect(await accessibilityViolations(viewer)).toEqual([]);

      // The owner sees the viewer joined (the invitation used), and removes them after confirming.
      shown = owner;
      await owner.reload();
      const ownerMembers = owner.getByRole("table", { name: `Members of ${AGENCY}` });
      const viewerRow = ownerMembers.getByRole("row", { name: new RegExp(VIEWER_EMAIL) });
      await viewerRow.waitFor();
      expect(await viewerRow.getByLabel(`Role of ${VIEWER_EMAIL}`).inputValue()).toBe("viewer");
      await owner.getByText("No pending invitations.").waitFor();

      // The same page on a phone: the members as cards, the workspace menu within the screen.
      await owner.setViewportSize({ width: 360, height: 740 });
      await viewerRow.waitFor();
      await switcher(owner).click();
      await owner.getByRole("button", { name: "Create workspace" }).waitFor();
      expect(await owner.evaluate("document.documentElement.scrollWidth")).toBeLessThanOrEqual(360);
      await screenshot("owner-team-360px");
      expect(await accessibilityViolations(owner)).toEqual([]);
      // Escape closes the menu and gives the focus back to its button.
      await owner.keyboard.press("Escape");
      await owner.getByRole("button", { name: "Create workspace" }).waitFor({ state: "detached" });
      expect(await owner.evaluate("document.activeElement?.getAttribute('aria-controls')")).toBe(
        "workspace-panel",
      );
      await owner.setViewportSize({ width: 1280, height: 800 });

      await viewerRow.getByRole("button", { name: "Remove" }).click();
      const dialog = owner.getByRole("dialog", { name: "Remove this member?" });
      await dialog.getByText(`${VIEWER_EMAIL} loses access to ${AGENCY} at once`).waitFor();
      await screenshot("owner-remove");
      expect(await accessibilityViolations(owner)).toEqual([]);
      await dialog.getByRole("button", { name: "Remove member" }).click();
      await waitForAnnouncement(owner, `Removed ${VIEWER_EMAIL} from ${AGENCY}`);
      await viewerRow.waitFor({ state: "detached" });

      // The removed viewer's next navigation in the agency is refused: the page drops the choice
      // and comes back in their own workspace, saying why.
      shown = viewer;
      await section(viewer, "Links").click();
      await viewer.getByText("You are no longer a member of the workspace you were in").waitFor();
      await switcher(viewer).getByText("Vic Viewer").waitFor();
      await viewer.getByText("No links yet — create your first one").waitFor();
      expect(await viewer.getByText(`${flow.shortHost}/agency-launch`).count()).toBe(0);
      expect(await storedWorkspace(viewer)).toBeNull();
      await screenshot("viewer-removed");
      expect(await accessibilityViolations(viewer)).toEqual([]);

      // Their menu lists their own workspace only.
      await switcher(viewer).click();
      await viewer.getByRole("button", { name: /^Vic Viewer\s*Owner/ }).waitFor();
      await waitFor(() => viewer.locator(".workspace-choice").count(), {
        until: (count) => count === 1,
        what: "the viewer's workspaces listed without the agency",
      });

      // An owner deletes a workspace they created, after confirming, and is back in their own.
      shown = owner;
      await switcher(owner).click();
      await owner.getByLabel("New workspace").fill("Short-lived client");
      await owner.getByRole("button", { name: "Create workspace" }).click();
      await switcher(owner).getByText("Short-lived client").waitFor();
      await section(owner, "Team").click();
      await owner.getByRole("heading", { name: "Delete this workspace" }).waitFor();
      await owner.getByRole("button", { name: "Delete workspace" }).click();
      const deleting = owner.getByRole("dialog", { name: "Delete this workspace?" });
      await deleting.getByText("Short-lived client and everything in it is deleted").waitFor();
      expect(await accessibilityViolations(owner)).toEqual([]);
      await deleting.getByRole("button", { name: "Delete workspace" }).click();
      await switcher(owner).getByText(AGENCY).waitFor();
      expect(await storedWorkspace(owner)).toBeNull();
      // Their own workspace has no such section: it lives as long as they do.
      await section(owner, "Team").click();
      await owner.getByRole("heading", { name: AGENCY }).waitFor();
      expect(await owner.getByRole("heading", { name: "Delete this workspace" }).count()).toBe(0);
      await switcher(owner).click();
      await waitFor(() => owner.locator(".workspace-choice").count(), {
        until: (count) => count === 1,
        what: "the owner's workspaces listed without the deleted one",
      });
    }, 240_000);
  },
);
