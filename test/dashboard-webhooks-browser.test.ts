import http from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import {
  accessibilityViolations,
  chromiumExecutable,
  pageScreenshots,
  signUpOnDashboard,
  waitFor,
} from "@kurz/testing";
import type { Page } from "playwright-core";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from "vitest";
import { setFlowPlan } from "./support/set-flow-plan";
import { startDashboardFlow } from "./support/start-dashboard-flow";
import type { FlowKurz } from "./support/start-flow-kurz";
import { waitForAnnouncement } from "./support/wait-for-announcement";

const executable = chromiumExecutable();
const ARTIFACTS = fileURLToPath(new URL("./artifacts/dashboard/", import.meta.url));
const EMAIL = "wanda@example.com";

interface Received {
  id: string;
  type: string;
  /** Whether the signature verified with the secret the page showed (the current one). */
  verified: boolean;
}

/**
 * A receiver on 127.0.0.1 (reachable because of WEBHOOK_ALLOWED_TARGETS): it keeps every request,
 * checks its signature with standardwebhooks, and answers 200 with a numbered body, or 500 while
 * it is "down".
 */
async function startReceiver() {
  let secret = "";
  let down = false;
  let held: Promise<void> | undefined;
  const received: Received[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      let verified = false;
      try {
        new Webhook(secret).verify(body, request.headers as Record<string, string>);
        verified = true;
      } catch {
        verified = false;
      }
      const type = (JSON.parse(body) as { type: string }).type;
      received.push({ id: String(request.headers["webhook-id"]), type, verified });
      const number = received.length;
      const wait = held ?? Promise.resolve();
      held = undefined;
      void wait.then(() => {
        if (down)
          response.writeHead(500, { "content-type": "text/plain" }).end("receiver is down for maintenance");
        else response.writeHead(200, { "content-type": "text/plain" }).end(`ok from receiver #${number}`);
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/kurz`,
    received,
    useSecret(value: string) {
      secret = value;
    },
    setDown(value: boolean) {
      down = value;
    },
    /** The next request's answer waits until the returned function is called. */
    holdNext(): () => void {
      let release = () => {};
      held = new Promise<void>((resolve) => {
        release = resolve;
      });
      return () => release();
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

let flow: FlowKurz;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let stopBrowser: (() => Promise<void>) | undefined;
let page: Page;

/** A screenshot of the whole page in test/artifacts/dashboard/ (CI keeps the directory). */
const screenshot = pageScreenshots(() => page, { directory: ARTIFACTS, prefix: "webhooks-" });

describe.skipIf(!executable.available)("webhooks in the dashboard (Chromium, a local receiver)", () => {
  beforeAll(async () => {
    receiver = await startReceiver();
    ({
      flow,
      page,
      stop: stopBrowser,
    } = await startDashboardFlow("dashboard-webhooks", {
      // Deliveries may reach the receiver on 127.0.0.1 (plain http included): tests only.
      WEBHOOK_ALLOWED_TARGETS: "127.0.0.1/32",
    }));
  });

  afterAll(async () => {
    await stopBrowser?.();
    await receiver?.close();
  });

  it("needs Business; then an endpoint refused for a private URL, created with its secret shown once, a test event received and logged with its answer, a failed attempt replayed, the secret rotated, the endpoint deleted", async () => {
    onTestFailed(() => screenshot("failure"));
    // Sign up through the pages, landing on the webhooks page on the free plan.
    await signUpOnDashboard(page, {
      edgeUrl: flow.edgeUrl,
      path: "/app/webhooks",
      name: "Wanda Webhooks",
      email: EMAIL,
    });
    await page.getByRole("heading", { name: "Webhooks", level: 1 }).waitFor();
    await page.getByText("Webhooks need the Business plan").waitFor();
    await page.getByRole("link", { name: "See your plan and its limits" }).waitFor();
    await screenshot("plan-required");
    expect(await accessibilityViolations(page)).toEqual([]);

    // On Business, a new sign-in carries the webhook scopes.
    await setFlowPlan(flow, EMAIL, "business");
    await page.getByRole("link", { name: "Sign in again" }).click();
    await page.waitForURL(/\/app\/webhooks$/);
    await page.getByRole("heading", { name: "Add an endpoint" }).waitFor();
    await page.getByText("No endpoints yet").waitFor();

    // A private address is refused, and the refusal stands at the URL field.
    const urlField = page.getByRole("textbox", { name: "Endpoint URL" });
    await urlField.fill("https://10.1.2.3/hooks");
    await page.getByRole("checkbox", { name: "Link created" }).check();
    await page.getByRole("button", { name: "Add endpoint" }).click();
    await page.locator("#new-webhook-url-error").getByText("10.1.2.3").waitFor();
    expect(await urlField.getAttribute("aria-invalid")).toBe("true");
    await screenshot("url-refused");

    // To the local receiver: link.created and a whole family ticked at once.
    await urlField.fill(receiver.url);
    await page.getByRole("textbox", { name: "Description" }).fill("Order system");
    await page.getByRole("button", { name: "Tick all campaigns events" }).click();
    expect(await page.getByRole("checkbox", { name: "Campaign deleted" }).isChecked()).toBe(true);
    await page.getByRole("button", { name: "Add endpoint" }).click();
    await page.getByRole("heading", { name: "The endpoint's signing secret" }).waitFor();
    await page.getByText("Copy it now: you will not see it again.", { exact: true }).waitFor();
    await page.getByRole("button", { name: "Copy signing secret" }).waitFor();
    const secret = ((await page.locator("#new-webhook-secret").textContent()) ?? "").trim();
    expect(secret).toMatch(/^whsec_\S{20,}$/);
    receiver.useSecret(secret);
    const endpoints = page.getByRole("table", { name: "Your webhook endpoints" });
    await endpoints.getByRole("link", { name: receiver.url }).waitFor();
    await endpoints.getByText("link.created").waitFor();
    await screenshot("created");
    expect(await accessibilityViolations(page)).toEqual([]);

    // Shown once: gone when dismissed and after a reload.
    await page.getByRole("button", { name: "I have copied the secret" }).click();
    expect(await page.getByText(secret).count()).toBe(0);
    await page.reload();
    await endpoints.getByRole("link", { name: receiver.url }).click();
    await page.getByRole("heading", { name: receiver.url, level: 1 }).waitFor();
    expect(new URL(page.url()).searchParams.get("id")).toBeTruthy();
    expect(await page.getByText(secret).count()).toBe(0);
    await page.getByText("No deliveries yet").waitFor();

    // A test event: received (signed with the secret shown) and logged with the answer's excerpt.
    // The receiver holds its answer at first: the log shows the delivery being sent, and follows
    // it (the worker's hold on it ends minutes later) until the answer comes.
    const answer = receiver.holdNext();
    await page.getByRole("button", { name: "Send test event" }).click();
    await waitForAnnouncement(page, "Test event queued");
    await waitFor(() => receiver.received.length, {
      until: (n) => n === 1,
      what: "the test event at the receiver",
    });
    expect(receiver.received[0]).toMatchObject({ type: "webhook.test", verified: true });
    const log = page.getByRole("table", { name: "Deliveries" });
    await log.getByRole("row").filter({ hasText: "webhook.test" }).getByText("Sending").waitFor();
    answer();
    await log.getByText("ok from receiver #1").waitFor();
    const firstRow = log.getByRole("row").filter({ hasText: "ok from receiver #1" });
    await firstRow.getByText("Delivered").waitFor();
    await firstRow.getByText("HTTP 200").waitFor();
    await firstRow.getByText(receiver.received[0]?.id ?? "?").waitFor();
    await screenshot("delivered");
    expect(await accessibilityViolations(page)).toEqual([]);

    // The receiver fails: the attempt is logged as failed with its 500 and body.
    receiver.setDown(true);
    await page.getByRole("button", { name: "Send test event" }).click();
    await waitFor(() => receiver.received.length, {
      until: (n) => n === 2,
      what: "the second test event at the receiver",
    });
    const failedId = receiver.received[1]?.id ?? "?";
    const failedRow = log.getByRole("row").filter({ hasText: failedId });
    await failedRow.getByText("HTTP 500").waitFor();
    await failedRow.getByText("receiver is down for maintenance").waitFor();
    await failedRow.getByText("Retrying").waitFor();
    await screenshot("failed-attempt");

    // Back up: the failed delivery replayed under the same webhook-id, now delivered.
    receiver.setDown(false);
    await failedRow.getByRole("button", { name: "Replay" }).click();
    await waitForAnnouncement(page, "Sending the webhook.test delivery again");
    await failedRow.getByText("Delivered").waitFor();
    await failedRow.getByText("HTTP 200").waitFor();
    const again = receiver.received.filter((hit) => hit.id === failedId);
    expect(again.length).toBeGreaterThanOrEqual(2);
    expect(again.every((hit) => hit.verified)).toBe(true);

    // A link made on the links page reaches the receiver as link.created; then the endpoint is
    // limited to that link, picked by searching.
    const endpointUrl = page.url();
    await page.getByRole("link", { name: "Links", exact: true }).click();
    await page.getByRole("heading", { name: "Links", level: 1 }).waitFor();
    await page.getByLabel("Destination URL").fill("https://example.com/orders");
    await page.getByLabel("Custom alias").fill("hook-demo");
    await page.getByText("available", { exact: false }).first().waitFor();
    await page.getByRole("button", { name: "Create link" }).click();
    await page.getByText(`${flow.shortHost}/hook-demo`).first().waitFor();
    await waitFor(
      () => receiver.received.filter((hit) => hit.type === "link.created" && hit.verified).length,
      {
        until: (n) => n === 1,
        what: "the link's link.created at the receiver",
      },
    );
    await page.goto(endpointUrl);
    await page.getByRole("heading", { name: receiver.url, level: 1 }).waitFor();
    await page.getByRole("table", { name: "Deliveries" }).getByText("link.created").waitFor();
    await page.getByRole("button", { name: "Edit endpoint" }).click();
    await page.getByRole("searchbox", { name: "Search your links" }).fill("hook-demo");
    const linkOption = page.getByLabel("Link to add").locator("option", { hasText: "hook-demo" });
    await linkOption.waitFor({ state: "attached" });
    await page.getByLabel("Link to add").selectOption((await linkOption.getAttribute("value")) ?? "");
    await page.getByRole("button", { name: "Add link" }).click();
    await page.getByRole("button", { name: `Remove http://${flow.shortHost}/hook-demo` }).waitFor();
    await page.getByRole("button", { name: "Save changes" }).click();
    await waitForAnnouncement(page, "Endpoint saved");
    await page.locator(".webhook-facts").getByText(`${flow.shortHost}/hook-demo`).waitFor();

    // Rotate: the new secret shown once, with the 24 h overlap.
    await page.getByRole("button", { name: "Rotate secret" }).click();
    const rotate = page.getByRole("dialog", { name: "Rotate the signing secret?" });
    await rotate.getByRole("button", { name: "Rotate secret" }).click();
    await page.getByRole("heading", { name: "Your new signing secret" }).waitFor();
    await page.getByText("(24 h)", { exact: false }).first().waitFor();
    const rotated = ((await page.locator("#new-webhook-secret").textContent()) ?? "").trim();
    expect(rotated).toMatch(/^whsec_\S{20,}$/);
    expect(rotated).not.toBe(secret);
    await waitForAnnouncement(page, "Secret rotated");
    await screenshot("rotated");
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.getByRole("button", { name: "I have copied the secret" }).click();
    await page.getByText("Previous secret").waitFor();

    // Recovery finds nothing failed for good (the failure above was retried and replayed).
    await page.getByRole("button", { name: "Recover failed deliveries" }).click();
    await waitForAnnouncement(page, "No failed deliveries since then");

    // Disable, then enable again.
    await page.getByRole("button", { name: "Disable endpoint" }).click();
    await page.locator(".webhook-facts").getByText("Disabled", { exact: true }).waitFor();
    await waitForAnnouncement(page, "Endpoint disabled");
    await page.getByRole("button", { name: "Enable endpoint" }).click();
    await page.locator(".webhook-facts").getByText("Enabled", { exact: true }).waitFor();

    // The endpoint's view on a phone.
    await page.setViewportSize({ width: 360, height: 740 });
    await page.reload();
    await page.getByRole("table", { name: "Deliveries" }).getByText("ok from receiver #1").waitFor();
    await screenshot("endpoint-360px");
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 800 });

    // Delete, after confirming: back on the list, which is empty.
    await page.getByRole("button", { name: "Delete endpoint" }).click();
    const dialog = page.getByRole("dialog", { name: "Delete this webhook endpoint?" });
    await dialog.waitFor();
    await dialog.getByRole("button", { name: "Delete endpoint" }).click();
    await page.getByText("No endpoints yet").waitFor();
    await waitForAnnouncement(page, "Deleted the endpoint");
    await screenshot("deleted");
    expect(await accessibilityViolations(page)).toEqual([]);

    // The list and the create form on a phone.
    await page.setViewportSize({ width: 360, height: 740 });
    await page.reload();
    await page.getByRole("heading", { name: "Add an endpoint" }).waitFor();
    await page.getByText("No endpoints yet").waitFor();
    await screenshot("list-360px");
    expect(await accessibilityViolations(page)).toEqual([]);
    // Long by design: one person's whole session with an endpoint, deliveries waited for in turn.
  }, 240_000);
});
