import { fileURLToPath } from "node:url";
import {
  accessibilityViolations,
  chromiumExecutable,
  pageScreenshots,
  signUpOnDashboard,
  startTestDnsServer,
  type TestDnsServer,
  waitFor,
} from "@kurz/testing";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from "vitest";
import { getWithHost } from "./support/get-with-host";
import { setFlowPlan } from "./support/set-flow-plan";
import { startDashboardFlow } from "./support/start-dashboard-flow";
import type { FlowKurz } from "./support/start-flow-kurz";
import { waitForAnnouncement } from "./support/wait-for-announcement";

const executable = chromiumExecutable();
const ARTIFACTS = fileURLToPath(new URL("./artifacts/dashboard/", import.meta.url));
const EMAIL = "mara@example.com";

let flow: FlowKurz;
let dns: TestDnsServer;
let stopBrowser: (() => Promise<void>) | undefined;
let page: Page;

/** A screenshot of the whole page in test/artifacts/dashboard/ (CI keeps the directory). */
const screenshot = pageScreenshots(() => page, { directory: ARTIFACTS, prefix: "manage-" });

const section = (name: string) => page.getByRole("link", { name, exact: true });

describe.skipIf(!executable.available)(
  "managing campaigns, domains and API keys in the dashboard (Chromium)",
  () => {
    beforeAll(async () => {
      // Branded domains are verified against this DNS server, where the test publishes the TXT record.
      dns = await startTestDnsServer();
      ({
        flow,
        page,
        stop: stopBrowser,
      } = await startDashboardFlow("dashboard-manage", { DNS_SERVERS: dns.address }));
    });

    afterAll(async () => {
      await stopBrowser?.();
      await dns?.stop();
    });

    it("refuses an MCP key on the free plan with the plan's hint, then on Pro: a link in a campaign, a subdomain from a suggestion, a verified branded domain, an MCP key with the member role shown once and revoked", async () => {
      // What the page showed when a step failed, beside the step screenshots.
      onTestFailed(() => screenshot("failure"));
      // Sign up through the pages.
      await signUpOnDashboard(page, {
        edgeUrl: flow.edgeUrl,
        path: "/app/account",
        name: "Mara Manager",
        email: EMAIL,
      });
      await page.getByRole("heading", { name: "Plan: Free" }).waitFor();

      // On the free plan an MCP key is refused, and the refusal stands at the permissions.
      await page.getByLabel("Key name").fill("Claude Desktop");
      await page.getByLabel("MCP server").check();
      await page.getByRole("button", { name: "Create API key" }).click();
      const permissions = page.getByRole("group", { name: "Permissions" });
      await permissions.getByText("MCP access is not part of the Free plan").waitFor();
      await permissions.getByText("Upgrade to Pro or higher").waitFor();
      await screenshot("account-plan-required");
      expect(await accessibilityViolations(page)).toEqual([]);

      await setFlowPlan(flow, EMAIL, "pro");

      // A link to put into a campaign, made on the links page.
      await section("Links").click();
      await page.getByRole("heading", { name: "Links", level: 1 }).waitFor();
      await page.getByLabel("Destination URL").fill("https://example.com/autumn-sale");
      await page.getByLabel("Custom alias").fill("autumn-sale");
      await page.getByText("available", { exact: false }).first().waitFor();
      await page.getByRole("button", { name: "Create link" }).click();
      await page.getByText(`${flow.shortHost}/autumn-sale`).first().waitFor();

      // Campaigns: create one, open it, edit it, assign the link, take it out again.
      await section("Campaigns").click();
      await page.getByRole("heading", { name: "Campaigns", level: 1 }).waitFor();
      await page.getByLabel("Campaign name").fill("Autumn sale");
      await page.getByLabel("Tags").fill("autumn, sale");
      await page.getByLabel("Description").fill("Newsletter and social posts for the autumn sale.");
      await page.getByRole("button", { name: "Create campaign" }).click();
      await page.getByRole("link", { name: "Autumn sale" }).waitFor();
      await waitForAnnouncement(page, "Campaign created: Autumn sale");
      await screenshot("campaigns");
      expect(await accessibilityViolations(page)).toEqual([]);

      await page.getByRole("link", { name: "Autumn sale" }).click();
      await page.getByRole("heading", { name: "Autumn sale", level: 1 }).waitFor();
      const campaignId = new URL(page.url()).searchParams.get("id");
      expect(campaignId).toBeTruthy();
      expect(await page.getByRole("link", { name: "View analytics" }).getAttribute("href")).toBe(
        `/app/analytics?campaign=${campaignId}`,
      );
      await page.getByRole("button", { name: "Edit campaign" }).click();
      await page.getByLabel("Campaign name").fill("Autumn sale 2026");
      await page.getByRole("button", { name: "Save changes" }).click();
      await page.getByRole("heading", { name: "Autumn sale 2026", level: 1 }).waitFor();

      await page.getByLabel("Search your links").fill("autumn");
      const option = page.getByLabel("Link to assign").locator("option", { hasText: "autumn-sale" });
      await option.waitFor({ state: "attached" });
      const linkId = (await option.getAttribute("value")) ?? "";
      await page.getByLabel("Link to assign").selectOption(linkId);
      await page.getByRole("button", { name: "Assign link" }).click();
      const campaignLinks = page.getByRole("table", { name: "Links in this campaign" });
      await campaignLinks.getByText(`${flow.shortHost}/autumn-sale`).waitFor();
      await waitForAnnouncement(page, "to the campaign");
      await screenshot("campaign");
      expect(await accessibilityViolations(page)).toEqual([]);

      await campaignLinks.getByRole("button", { name: "Remove from campaign" }).click();
      await page.getByText("No links in this campaign yet").waitFor();
      // Out of the campaign, the link is offered again.
      await option.waitFor({ state: "attached" });
      await page.getByLabel("Link to assign").selectOption(linkId);
      await page.getByRole("button", { name: "Assign link" }).click();
      await campaignLinks.getByText(`${flow.shortHost}/autumn-sale`).waitFor();

      // Domains: a subdomain picked from the suggestions, checked live, reserved.
      await section("Domains").click();
      await page.getByRole("heading", { name: "Domains", level: 1 }).waitFor();
      await page.getByLabel("Subdomain", { exact: true }).fill("mara");
      const suggestions = page.getByRole("group", { name: "Free suggestions" });
      const firstSuggestion = suggestions.getByRole("button").first();
      await firstSuggestion.waitFor();
      const suggested = ((await firstSuggestion.textContent()) ?? "").replace(/^Use /, "").trim();
      expect(suggested).toMatch(/^[a-z0-9-]{3,63}$/);
      await firstSuggestion.click();
      await waitFor(() => page.getByLabel("Subdomain", { exact: true }).inputValue(), {
        until: (value) => value === suggested,
        what: `the suggested subdomain ${suggested} in the field`,
      });
      await page.getByText(new RegExp(`${suggested}\\.\\S+ is available`)).waitFor();
      await page.getByRole("button", { name: "Reserve subdomain" }).click();
      await page
        .getByRole("table", { name: "Your subdomains" })
        .getByRole("cell", { name: new RegExp(`^${suggested}\\.`) })
        .waitFor();

      // A branded domain: its exact TXT record, a check that fails, then one that verifies.
      await page.getByLabel("Branded domain", { exact: true }).fill("go.mara-example.com");
      await page.getByText("go.mara-example.com can be added").waitFor();
      await page.getByRole("button", { name: "Add domain" }).click();
      const card = page
        .getByRole("listitem")
        .filter({ has: page.getByRole("heading", { name: "go.mara-example.com" }) });
      await card.waitFor();
      await card.getByText("Waiting for DNS").waitFor();
      const recordName = ((await card.locator(".dns-value code").nth(0).textContent()) ?? "").trim();
      const recordValue = ((await card.locator(".dns-value code").nth(1).textContent()) ?? "").trim();
      expect(recordName).toContain("go.mara-example.com");
      expect(recordValue).toMatch(/^kurz-verify=/);
      await card.getByRole("button", { name: "Copy TXT record name" }).waitFor();
      await card.getByRole("button", { name: "Copy TXT record value" }).waitFor();
      await card.getByRole("button", { name: "Verify go.mara-example.com" }).click();
      await card.getByText("Last checked").waitFor();
      await screenshot("domains");
      expect(await accessibilityViolations(page)).toEqual([]);

      dns.setTxt(recordName, [recordValue]);
      await card.getByRole("button", { name: "Verify go.mara-example.com" }).click();
      await card.getByText("Verified at the last check").waitFor();
      await waitForAnnouncement(page, "go.mara-example.com is verified");

      // Its settings: a refused redirect and file are filed by field; saved ones answer at the edge.
      await card.locator(".domain-settings > summary").click();
      const settings = card.getByRole("form", { name: "Settings of go.mara-example.com" });
      await settings.getByLabel("Root redirect").fill("ftp://mara-example.com/");
      await settings.getByLabel("Apple app site association").fill('{"applinks": ');
      await settings.getByRole("button", { name: "Save settings" }).click();
      await settings.getByText("Not saved. Check the highlighted fields.").waitFor();
      await settings.getByText("must be valid JSON").waitFor();
      expect(await accessibilityViolations(page)).toEqual([]);
      const aasa = '{"applinks": {"details": []}}';
      await settings.getByLabel("Root redirect").fill("https://mara-example.com/welcome");
      await settings.getByLabel("Apple app site association").fill(aasa);
      await settings.getByRole("button", { name: "Save settings" }).click();
      await waitForAnnouncement(page, "Domain settings saved");
      await screenshot("domain-settings");
      expect(await getWithHost(`${flow.edgeUrl}/`, "go.mara-example.com")).toMatchObject({
        status: 302,
        location: "https://mara-example.com/welcome",
      });
      const served = await getWithHost(
        `${flow.edgeUrl}/.well-known/apple-app-site-association`,
        "go.mara-example.com",
      );
      expect(served.body.toString()).toBe(aasa);

      // The same page on a phone.
      await page.setViewportSize({ width: 360, height: 740 });
      await page.reload();
      await page.getByRole("heading", { name: "go.mara-example.com" }).waitFor();
      await screenshot("domains-360px");
      expect(await accessibilityViolations(page)).toEqual([]);
      await page.setViewportSize({ width: 1280, height: 800 });

      // Links: the link moved onto the subdomain from its edit dialog, then the list by domain.
      await section("Links").click();
      await page.getByRole("heading", { name: "Links", level: 1 }).waitFor();
      const linkRow = page.getByRole("row", { name: /autumn-sale/ });
      await linkRow.getByRole("button", { name: "Edit" }).click();
      const editDialog = page.getByRole("dialog", { name: /^Edit / });
      const domainSelect = editDialog.getByLabel("Domain");
      const subdomainOption = domainSelect.locator("option", { hasText: `${suggested}.` });
      await subdomainOption.waitFor({ state: "attached" });
      const subdomainHost = (await subdomainOption.getAttribute("value")) ?? "";
      await domainSelect.selectOption(subdomainHost);
      await editDialog.getByText("Another domain changes the short URL").waitFor();
      expect(await accessibilityViolations(page)).toEqual([]);
      await editDialog.getByRole("button", { name: "Save changes" }).click();
      await editDialog.waitFor({ state: "detached" });
      await linkRow
        .getByText(new RegExp(`${subdomainHost}(:\\d+)?/autumn-sale`))
        .first()
        .waitFor();

      const domainFilter = page.locator("#links-domain");
      await domainFilter.selectOption(subdomainHost);
      await waitFor(() => new URL(page.url()).searchParams.get("domain"), {
        until: (domain) => domain === subdomainHost,
        what: `the page URL's domain filter ${subdomainHost}`,
      });
      await linkRow.waitFor();
      await screenshot("links-by-domain");
      expect(await accessibilityViolations(page)).toEqual([]);
      const standard = domainFilter.locator("option", { hasText: "(standard)" });
      await domainFilter.selectOption((await standard.getAttribute("value")) ?? "");
      await page.getByText("No links match this search").waitFor();
      await page.getByRole("button", { name: "Clear search and filters" }).click();
      await linkRow.waitFor();

      // Account: usage against the Pro plan, an MCP key that may do what a member may, shown once,
      // then revoked.
      await section("Account").click();
      await page.getByRole("heading", { name: "Plan: Pro" }).waitFor();
      await page.getByRole("meter", { name: "Subdomains" }).waitFor();
      await page.getByText("1 of 5").first().waitFor();
      await page.getByLabel("Key name").fill("Claude Desktop");
      await page.getByLabel("MCP server").check();
      await page.getByLabel("See your short links and their settings").check();
      // The owner of the workspace may give a key any role up to theirs, theirs by default.
      const keyRole = page.getByLabel("Most it may do");
      expect(await keyRole.inputValue()).toBe("owner");
      expect(await keyRole.locator("option").allTextContents()).toEqual([
        "Owner",
        "Admin",
        "Member",
        "Viewer",
      ]);
      await keyRole.selectOption({ label: "Member" });
      await page.getByRole("button", { name: "Create API key" }).click();
      await page.getByRole("heading", { name: "Your new API key “Claude Desktop”" }).waitFor();
      await page.getByText("Copy it now: you will not see it again.", { exact: true }).waitFor();
      await page.getByRole("button", { name: "Copy API key" }).waitFor();
      const secret = ((await page.locator("#new-key-secret").textContent()) ?? "").trim();
      expect(secret).toMatch(/^[a-z0-9]+_\S{16,}$/i);
      const keys = page.getByRole("table", { name: "Your API keys" });
      await keys.getByRole("cell", { name: "Claude Desktop", exact: true }).waitFor();
      await keys.getByText("mcp", { exact: true }).waitFor();
      await keys.getByRole("cell", { name: "Member", exact: true }).waitFor();
      await screenshot("account-new-key");
      expect(await accessibilityViolations(page)).toEqual([]);

      // The secret is gone once dismissed, and after a reload: it is shown this once only.
      await page.getByRole("button", { name: "I have copied the key" }).click();
      expect(await page.getByText(secret).count()).toBe(0);
      await page.reload();
      await keys.getByRole("cell", { name: "Claude Desktop", exact: true }).waitFor();
      expect(await page.getByText(secret).count()).toBe(0);

      await keys.getByRole("button", { name: "Revoke Claude Desktop" }).click();
      const dialog = page.getByRole("dialog", { name: "Revoke this API key?" });
      await dialog.waitFor();
      await dialog.getByRole("button", { name: "Revoke key" }).click();
      await page.getByText("No API keys yet").waitFor();
      await waitForAnnouncement(page, "Revoked the API key “Claude Desktop”");
      await screenshot("account");
      expect(await accessibilityViolations(page)).toEqual([]);

      await page.setViewportSize({ width: 360, height: 740 });
      await page.reload();
      await page.getByRole("heading", { name: "Plan: Pro" }).waitFor();
      await page.getByRole("meter", { name: "Links" }).waitFor();
      await screenshot("account-360px");
      expect(await accessibilityViolations(page)).toEqual([]);
      // Long by design: campaigns, domains and keys in one session, every page checked twice.
    }, 300_000);
  },
);
