import { chromiumExecutable } from "@kurz/testing";
import { type Browser, chromium, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setFlowPlan } from "./support/set-flow-plan";
import { type FlowKurz, startFlowKurz } from "./support/start-flow-kurz";

const executable = chromiumExecutable();
const LINKS = 1_000;
const EMAIL = "thousand@example.com";

let flow: FlowKurz;
let browser: Browser;
let page: Page;

/**
 * The measure: the links page of an account with 1,000 links, interactive (rows shown,
 * search usable) — printed, not asserted on time (the machine's speed is not under test).
 */
describe.skipIf(!executable.available)("the links page with 1,000 links (timing printed)", () => {
  beforeAll(async () => {
    flow = await startFlowKurz("dashboard-timing");
    browser = await chromium.launch({
      executablePath: executable.available ? executable.value : "",
      args: ["--no-sandbox"],
    });
    page = await browser.newPage();
  });

  afterAll(async () => {
    await browser?.close();
    await flow?.stop();
  });

  it("shows the first page of 1,000 links and answers a search", async () => {
    await page.goto(`${flow.edgeUrl}/auth/signup`);
    await page.getByLabel("Name").fill("Thousand Links");
    await page.getByLabel("Email").fill(EMAIL);
    await page.getByLabel("Password").fill("correct horse battery staple");
    await page.getByRole("button", { name: "Create account" }).click();
    // 1,000 links is beyond the free plan (500 links, and its API rate): Enterprise has no such limits.
    await setFlowPlan(flow, EMAIL, "enterprise");
    await page.goto(`${flow.edgeUrl}/app/`);
    await page.getByRole("heading", { name: "Links" }).waitFor();
    // Created through the dashboard's own relay, eight at a time.
    const { csrfToken } = (await (await page.request.get(`${flow.edgeUrl}/app/session`)).json()) as {
      csrfToken: string;
    };
    let next = 0;
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (next < LINKS) {
          const i = next++;
          const created = await page.request.post(`${flow.edgeUrl}/app/api/v1/urls`, {
            headers: { "x-csrf-token": csrfToken, "content-type": "application/json" },
            data: { url: `https://example.com/item/${i}`, customAlias: `item-${i}`, tags: [`t${i % 10}`] },
          });
          expect(created.status(), await created.text()).toBe(201);
        }
      }),
    );

    const started = Date.now();
    await page.goto(`${flow.edgeUrl}/app/links`);
    await page.getByText(`${flow.shortHost}/item-999`).first().waitFor();
    const search = page.getByLabel("Search links");
    await search.waitFor();
    const interactive = Date.now() - started;
    await search.fill("item-42");
    await page.getByText(`${flow.shortHost}/item-42`).first().waitFor();
    const searched = Date.now() - started - interactive;
    process.stdout.write(
      `links page with ${LINKS} links: interactive (first rows shown, search usable) in ${interactive} ms; a search answered in ${searched} ms (target: interactive ≤ 1000 ms on this machine)\n`,
    );
    // Long by design: creating the 1,000 links through the relay takes most of it, minutes while
    // CI runs other suites beside it (nothing here asserts a duration).
  }, 300_000);
});
