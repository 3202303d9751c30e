import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import {
  accessibilityViolations,
  chromiumExecutable,
  pageScreenshots,
  signUpOnDashboard,
  WAIT_FOR_DEFAULT_TIMEOUT_MS,
  waitFor,
} from "@kurz/testing";
import { parse } from "csv-parse/sync";
import type { BrowserContext, Download, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from "vitest";
import { joinThroughInvitation } from "./support/join-through-invitation";
import { setFlowPlan } from "./support/set-flow-plan";
import { startDashboardFlow } from "./support/start-dashboard-flow";
import type { FlowKurz } from "./support/start-flow-kurz";
import { waitForAnnouncement } from "./support/wait-for-announcement";

const executable = chromiumExecutable();
const ARTIFACTS = fileURLToPath(new URL("./artifacts/dashboard/", import.meta.url));
const OWNER_EMAIL = "aude@example.com";
const MEMBER_EMAIL = "mika@example.com";
const AGENCY = "Aude's studio";

let flow: FlowKurz;
let stopBrowser: (() => Promise<void>) | undefined;
/** The owner's page, and the invited member's page in a browser context (cookies) of its own. */
let owner: Page;
let memberContext: BrowserContext | undefined;
let member: Page;
let shown: Page;

const screenshot = pageScreenshots(() => shown, {
  directory: ARTIFACTS,
  prefix: "audit-log-",
  numbered: true,
});

const nav = (page: Page) => page.getByRole("navigation", { name: "Main" });
const section = (page: Page, name: string) => nav(page).getByRole("link", { name, exact: true });
const switcher = (page: Page) => page.getByRole("button", { name: /^Workspace:/ });
const entriesTable = (page: Page) => page.getByRole("table", { name: /^Audit log entries/ });

interface ShownEntry {
  occurredAt: string;
  who: string;
  action: string;
  target: string;
  changes: string;
}

/** The table's rows as shown: the <time>'s instant, who, the action's id, the target id, the changes. */
const shownEntries = (page: Page): Promise<ShownEntry[]> =>
  entriesTable(page)
    .locator("tbody tr")
    .evaluateAll((rows) =>
      rows.map((row) => {
        const cell = (label: string) => row.querySelector(`td[data-label="${label}"]`);
        const firstText = (label: string) =>
          (cell(label)?.querySelector("div")?.firstChild?.textContent ?? "").trim();
        return {
          occurredAt: row.querySelector("time")?.getAttribute("datetime") ?? "",
          who: firstText("Who"),
          action: (cell("Action")?.querySelector(".audit-detail")?.textContent ?? "").trim(),
          target: (cell("Target")?.querySelector(".audit-detail")?.textContent ?? "").trim(),
          changes: (cell("Changes")?.textContent ?? "").trim(),
        };
      }),
    );

async function downloaded(download: Download): Promise<string> {
  return readFileSync((await download.path()) ?? "", "utf8");
}

describe.skipIf(!executable.available)("the dashboard's audit log page (Chromium)", () => {
  beforeAll(async () => {
    ({ flow, page: owner, stop: stopBrowser } = await startDashboardFlow("dashboard-audit-log"));
    const browser = owner.context().browser();
    if (!browser) throw new Error("the owner's page has no browser");
    memberContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    member = await memberContext.newPage();
    member.setDefaultTimeout(WAIT_FOR_DEFAULT_TIMEOUT_MS);
  });

  afterAll(async () => {
    await memberContext?.close();
    await stopBrowser?.();
  });

  it("an owner reads, filters, pages and exports their workspace's changes; a member is refused", async () => {
    onTestFailed(async () => {
      shown = owner;
      await screenshot("failure-owner");
      shown = member;
      await screenshot("failure-member");
    });
    shown = owner;

    // A Pro owner renames the workspace and invites a member on the team page.
    await signUpOnDashboard(owner, {
      edgeUrl: flow.edgeUrl,
      path: "/app/",
      name: "Aude Owner",
      email: OWNER_EMAIL,
    });
    await setFlowPlan(flow, OWNER_EMAIL, "pro");
    await owner.getByRole("heading", { name: "Links", level: 1 }).waitFor();
    await section(owner, "Team").click();
    await owner.getByRole("heading", { name: "Aude Owner", level: 2 }).waitFor();
    await owner.getByLabel("Workspace name").fill(AGENCY);
    await owner.getByRole("button", { name: "Rename workspace" }).click();
    await waitForAnnouncement(owner, "Workspace renamed");
    await owner.getByLabel("Email address").fill(MEMBER_EMAIL);
    await owner.getByLabel("Role", { exact: true }).selectOption("member");
    await owner.getByRole("button", { name: "Send invitation" }).click();
    await owner.getByRole("heading", { name: `${MEMBER_EMAIL} is invited as member` }).waitFor();
    const acceptUrl = ((await owner.locator("#new-invitation-link").textContent()) ?? "").trim();
    expect(acceptUrl).toMatch(/^http:\/\/localhost:\d+\/auth\/invitations\/\S+$/);

    // The owner's header lists the audit log; its page shows the changes newest first.
    await section(owner, "Audit log").click();
    await owner.getByRole("heading", { name: "Audit log", level: 1 }).waitFor();
    await entriesTable(owner).getByText("invited someone").waitFor();
    const entries = await shownEntries(owner);
    expect(entries.map((entry) => entry.action)).toEqual([
      "invitation.created",
      "workspace.renamed",
      "plan.changed",
      "workspace.created",
    ]);
    const times = entries.map((entry) => Date.parse(entry.occurredAt));
    expect(times.every((time) => Number.isFinite(time))).toBe(true);
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    const [invited, renamed, plan, created] = entries as [ShownEntry, ShownEntry, ShownEntry, ShownEntry];
    expect(invited.who).toBe(OWNER_EMAIL);
    expect(invited.changes).toContain(`email: — → ${MEMBER_EMAIL}`);
    expect(invited.changes).toContain("role: — → member");
    expect(renamed.who).toBe(OWNER_EMAIL);
    expect(renamed.changes).toBe(`name: Aude Owner → ${AGENCY}`);
    expect(plan.who).toBe("Operator");
    expect(plan.changes).toBe("plan: free → pro");
    expect(created.changes).toContain("name: — → Aude Owner");
    // Through the dashboard, with its OAuth client.
    const renamedRow = entriesTable(owner).getByRole("row", { name: /renamed the workspace/ });
    await renamedRow.getByText("Dashboard").waitFor();
    await renamedRow.getByText("kurz-dashboard").waitFor();
    await screenshot("owner-log");
    expect(await accessibilityViolations(owner)).toEqual([]);

    // Filtered by action: the rename alone, in the URL.
    await owner.getByLabel("Action").selectOption("workspace.renamed");
    await waitFor(() => shownEntries(owner), {
      until: (rows) => rows.length === 1 && rows[0]?.action === "workspace.renamed",
      what: "the log filtered to the rename",
    });
    expect(new URL(owner.url()).searchParams.get("action")).toBe("workspace.renamed");
    // A day range ending before today shows nothing; today shows the rename again.
    // The browser's own calendar day, YYYY-MM-DD (Swedish dates are written so).
    const today = (await owner.evaluate("new Date().toLocaleDateString('sv-SE')")) as string;
    await owner.getByLabel("To").fill("2001-01-01");
    await owner.getByText("No entries match these filters.").waitFor();
    await owner.getByLabel("To").fill(today);
    await owner.getByLabel("From").fill(today);
    await waitFor(() => shownEntries(owner), {
      until: (rows) => rows.length === 1 && rows[0]?.action === "workspace.renamed",
      what: "the rename within today",
    });

    // The CSV of the same filters: the one row shown.
    const [filteredCsv] = await Promise.all([
      owner.waitForEvent("download"),
      owner.getByRole("button", { name: "Download CSV" }).click(),
    ]);
    const filteredRows = parse(await downloaded(filteredCsv), { columns: true, bom: true }) as Array<
      Record<string, string>
    >;
    expect(filteredRows.map((row) => row.action)).toEqual(["workspace.renamed"]);
    expect(filteredCsv.suggestedFilename()).toBe(`audit-log-${today}-to-${today}.csv`);

    // Without filters, three a page: "Show older" brings the last one with the cursor.
    await owner.getByRole("button", { name: "Clear filters" }).click();
    await owner.goto(`${flow.edgeUrl}/app/audit-log?limit=3`);
    await waitFor(() => shownEntries(owner), {
      until: (rows) => rows.length === 3,
      what: "the first page of three entries",
    });
    await owner.getByRole("button", { name: "Show older" }).click();
    await waitForAnnouncement(owner, "1 older entry shown");
    await owner.getByRole("button", { name: "Show older" }).waitFor({ state: "detached" });
    const all = await shownEntries(owner);
    expect(all).toEqual(entries);

    // The CSV's rows are the entries shown.
    const [csv] = await Promise.all([
      owner.waitForEvent("download"),
      owner.getByRole("button", { name: "Download CSV" }).click(),
    ]);
    expect(csv.suggestedFilename()).toBe("audit-log.csv");
    const rows = parse(await downloaded(csv), { columns: true, bom: true }) as Array<Record<string, string>>;
    expect(
      rows.map((row) => ({
        occurredAt: row.occurred_at,
        who: row.actor_email || (row.actor_type === "operator" ? "Operator" : row.actor_id),
        action: row.action,
        target: row.target_id,
      })),
    ).toEqual(all.map(({ occurredAt, who, action, target }) => ({ occurredAt, who, action, target })));
    expect(JSON.parse(rows[1]?.changes ?? "{}")).toEqual({ name: { before: "Aude Owner", after: AGENCY } });
    await waitForAnnouncement(owner, "Downloaded audit-log.csv");

    // The invited person joins as a member and acts in the owner's workspace.
    shown = member;
    await joinThroughInvitation(member, acceptUrl, {
      name: "Mika Member",
      email: MEMBER_EMAIL,
      workspace: AGENCY,
    });
    await member.getByRole("link", { name: "Open the dashboard" }).click();
    await member.getByRole("heading", { name: "Links", level: 1 }).waitFor();
    // In their own workspace they are its owner: the audit log is theirs to read.
    await switcher(member).getByText("Mika Member").waitFor();
    await section(member, "Audit log").waitFor();

    await switcher(member).click();
    await member.getByRole("button", { name: new RegExp(`^${AGENCY}\\s*Member`) }).click();
    await switcher(member).getByText(AGENCY).waitFor();
    // The header knows the role there (the menu lists the workspace): no audit log entry.
    await section(member, "Team").waitFor();
    expect(await section(member, "Audit log").count()).toBe(0);

    // Opening the URL: the API's refusal, and the workspace stays chosen.
    await member.goto(`${flow.edgeUrl}/app/audit-log`);
    await member.getByRole("heading", { name: "Audit log", level: 1 }).waitFor();
    const refusal = member.getByRole("alert").filter({ hasText: "The audit log could not be loaded" });
    await refusal.getByText("Your role in this workspace (member) does not allow").waitFor();
    await switcher(member).getByText(AGENCY).waitFor();
    expect(await section(member, "Audit log").count()).toBe(0);
    expect(await entriesTable(member).count()).toBe(0);
    await screenshot("member-refused");
    expect(await accessibilityViolations(member)).toEqual([]);

    // The member's joining is in the owner's log, newest first.
    shown = owner;
    await owner.goto(`${flow.edgeUrl}/app/audit-log`);
    await waitFor(() => shownEntries(owner), {
      until: (rows) => rows[0]?.action === "invitation.accepted" && rows[0]?.who === MEMBER_EMAIL,
      what: "the member's joining at the top of the owner's log",
    });
  }, 240_000);
});
