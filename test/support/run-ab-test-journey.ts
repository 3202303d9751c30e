import { request } from "node:http";
import { setPlanAsOperator, signInWithOAuth, waitFor } from "@kurz/testing";
import { expect } from "vitest";
import { jsonApi, REST_POLL_MS } from "./json-api";

const SCOPE =
  "shorturl:create shorturl:read shorturl:delete analytics:read conversion:write abtest:read abtest:write";
const HUMAN = "Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0";
const BOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

interface Visit {
  status: number;
  location: string;
  setCookie: string | undefined;
}

/** A visitor's request to a short URL: through the edge, with the short host in Host. */
function visit(
  edgeUrl: string,
  shortHost: string,
  code: string,
  headers: Record<string, string>,
  method = "GET",
): Promise<Visit> {
  return new Promise((resolve, reject) => {
    const req = request(`${edgeUrl}/${code}`, { method, headers: { host: shortHost, ...headers } }, (res) => {
      res.resume();
      res.on("end", () =>
        resolve({
          status: res.statusCode ?? 0,
          location: res.headers.location ?? "",
          setCookie: res.headers["set-cookie"]?.[0],
        }),
      );
    });
    req.on("error", reject);
    req.end();
  });
}

/** `https://a.example/x?svc_click_id=…` → its origin and path, and the click id. */
function landing(location: string): { page: string; clickId: string } {
  const url = new URL(location);
  return { page: `${url.origin}${url.pathname}`, clickId: url.searchParams.get("svc_click_id") ?? "" };
}

export interface AbJourneyOptions {
  edgeUrl: string;
  shortHost: string;
  dataDir: string;
  authServerGrpcAddress: string;
  /** auth-server's ADMIN_SECRET when it has one (distributed mode). */
  adminSecret?: string;
}

/**
 * An A/B test's whole life through REST, on the real services (docs/api/ab-tests.md#life-cycle): a Pro account creates
 * a rotator test, starts it, visitors are split and sticky, conversions by click id land on their
 * variant, the analytics report them with the statistics, pause serves the control, resume
 * splits again, complete makes the winner the link's destination; a second test on an existing
 * link (primary_url_id) is deleted while running and the link serves its own destination again.
 */
export async function runAbTestJourney(options: AbJourneyOptions): Promise<void> {
  const { edgeUrl, shortHost } = options;
  const user = await signInWithOAuth(edgeUrl, SCOPE, {
    afterSignUp: (email) =>
      setPlanAsOperator({
        dataDir: options.dataDir,
        authServerGrpcAddress: options.authServerGrpcAddress,
        email,
        plan: "pro",
        adminSecret: options.adminSecret,
      }),
  });
  const api = jsonApi(edgeUrl, () => user.accessToken);

  // Bad input first: nothing may be stored.
  const one = await api("POST", "/api/v1/ab-tests", {
    name: "Too few",
    variants: [{ destination_url: "https://a.example/" }],
  });
  expect(one.status).toBe(400);
  expect(one.body.code).toBe("VALIDATION_ERROR");
  const weights = await api("POST", "/api/v1/ab-tests", {
    name: "Bad weights",
    traffic_split_mode: "weighted",
    variants: [
      { destination_url: "https://a.example/", traffic_weight: 50 },
      { destination_url: "https://b.example/", traffic_weight: 40 },
    ],
  });
  expect(weights.status).toBe(400);
  expect(weights.body.error).toMatch(/sum to 100/);
  const scheme = await api("POST", "/api/v1/ab-tests", {
    name: "Bad scheme",
    variants: [{ destination_url: "javascript:alert(1)" }, { destination_url: "https://b.example/" }],
  });
  expect(scheme.status).toBe(400);
  expect((await api("GET", "/api/v1/ab-tests")).body.tests).toEqual([]);

  const alias = `ab-${user.email.slice(5, 13)}`;
  const created = await api("POST", "/api/v1/ab-tests", {
    name: "Spring landing page",
    short_code: alias,
    conversions_enabled: true,
    min_sample_size: 5,
    traffic_split_mode: "weighted",
    variants: [
      { name: "Old page", destination_url: "https://shop.example.com/old", traffic_weight: 50 },
      { name: "New page", destination_url: "https://shop.example.com/new", traffic_weight: 50 },
    ],
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const test = created.body.test;
  expect(test).toMatchObject({ status: "draft", rotator: true, conversions_enabled: true });
  expect(test.short_url).toMatch(new RegExp(`/${alias}$`));
  const [control, variantB] = test.variants as Array<{ id: string; control: boolean }>;
  expect(control!.control).toBe(true);

  // A draft routes nothing: the rotator serves the control.
  const before = await visit(edgeUrl, shortHost, alias, { "user-agent": HUMAN });
  expect(before.status).toBe(302);
  expect(landing(before.location).page).toBe("https://shop.example.com/old");
  expect(before.setCookie).toBeUndefined();

  expect((await api("POST", `/api/v1/ab-tests/${alias}/start`)).body.test.status).toBe("running");
  // Updating a running test is refused (docs/api/ab-tests.md#life-cycle).
  const edit = await api("PATCH", `/api/v1/ab-tests/${test.id}`, { name: "Renamed" });
  expect(edit.status).toBe(409);
  expect(edit.body.code).toBe("INVALID_STATE");

  // Visitors: the edge learns of the start from link.updated; wait for the first split answer.
  await waitFor(async () => (await visit(edgeUrl, shortHost, alias, { "user-agent": HUMAN })).setCookie, {
    until: (setCookie) => setCookie !== undefined,
    what: "the edge to route the running test (a split cookie)",
  });
  const pages = new Map<string, string[]>();
  const cookies: string[] = [];
  const firstPages: string[] = [];
  for (let i = 0; i < 40; i++) {
    const answer = await visit(edgeUrl, shortHost, alias, { "user-agent": HUMAN });
    expect(answer.status).toBe(302);
    expect(answer.setCookie).toMatch(/HttpOnly/);
    const { page, clickId } = landing(answer.location);
    pages.set(page, [...(pages.get(page) ?? []), clickId]);
    cookies.push(answer.setCookie!.split(";")[0]!);
    firstPages.push(page);
  }
  expect([...pages.keys()].sort()).toEqual(["https://shop.example.com/new", "https://shop.example.com/old"]);
  // A returning visitor keeps the variant, without a new cookie.
  for (const [index, cookie] of cookies.slice(0, 10).entries()) {
    const again = await visitWith(cookie);
    expect(again.setCookie).toBeUndefined();
    expect(landing(again.location).page).toBe(firstPages[index]);
  }
  // Bots and HEAD requests get the control and no cookie.
  const bot = await visit(edgeUrl, shortHost, alias, { "user-agent": BOT });
  expect(landing(bot.location).page).toBe("https://shop.example.com/old");
  expect(bot.setCookie).toBeUndefined();
  const head = await visit(edgeUrl, shortHost, alias, { "user-agent": HUMAN }, "HEAD");
  expect(landing(head.location).page).toBe("https://shop.example.com/old");

  // Conversions: every visitor of the new page buys, a third of the old page's do.
  const newIds = pages.get("https://shop.example.com/new") ?? [];
  const oldIds = pages.get("https://shop.example.com/old") ?? [];
  const buyers = [...newIds, ...oldIds.filter((_, i) => i % 3 === 0)];
  // A conversion needs its click stored: in distributed mode the clicks cross Kafka first, so
  // each report is retried while its click is still unknown (404), as a landing page would.
  for (const clickId of buyers) {
    const bought = await waitFor(
      () => api("POST", "/api/v1/conversions", { svc_click_id: clickId, event_name: "purchase" }),
      {
        until: (answer) => answer.status !== 404,
        what: "the click of a conversion to be stored",
        intervalMs: REST_POLL_MS,
        timeoutMs: 60_000,
      },
    );
    expect(bought?.status, JSON.stringify(bought?.body)).toBe(201);
  }

  const analytics = await waitFor(
    async () => (await api("GET", `/api/v1/ab-tests/${alias}/analytics?days=3`)).body?.analytics,
    {
      until: (analytics) => {
        const variants = analytics?.variants as Array<{ exposures: number; conversions: number }> | undefined;
        const exposures = variants?.reduce((sum, v) => sum + v.exposures, 0);
        const conversions = variants?.reduce((sum, v) => sum + v.conversions, 0);
        // 40 split visits + 10 returning ones (+ the routed ones of the wait).
        return exposures !== undefined && exposures >= 50 && conversions === buyers.length;
      },
      what: `exposures (50) and conversions (${buyers.length}) to be counted`,
      intervalMs: REST_POLL_MS,
      timeoutMs: 60_000,
    },
  );
  const byId = new Map((analytics.variants as Array<{ id: string }>).map((v) => [v.id, v]));
  const newVariant = byId.get(variantB!.id) as unknown as {
    conversions: number;
    visitors: number;
    timeline: unknown[];
    comparison: { relative_lift: number; relative_lift_interval: number[]; sequential_interval: number[] };
  };
  expect(newVariant.conversions).toBe(newIds.length);
  expect(newVariant.visitors).toBeGreaterThanOrEqual(newIds.length);
  expect(newVariant.comparison.relative_lift).toBeGreaterThan(0);
  expect(newVariant.comparison.relative_lift_interval).toHaveLength(2);
  expect(newVariant.comparison.sequential_interval).toHaveLength(2);
  expect(newVariant.timeline).toHaveLength(3);
  expect(byId.get(control!.id)).toMatchObject({ comparison: null, control: true });
  expect(analytics.sample_ratio).not.toBeNull();
  expect(["insufficient_data", "running", "winner"]).toContain(analytics.verdict);
  expect(analytics.reason.length).toBeGreaterThan(10);

  // Pause: the link's own destination (the control) for everyone.
  expect((await api("POST", `/api/v1/ab-tests/${alias}/pause`)).body.test.status).toBe("paused");
  await waitFor(async () => (await visit(edgeUrl, shortHost, alias, { "user-agent": HUMAN })).setCookie, {
    until: (setCookie) => setCookie === undefined,
    what: "the edge to stop routing (no split cookie)",
  });
  const paused = await visitWith(cookies[0]!);
  expect(landing(paused.location).page).toBe("https://shop.example.com/old");

  expect((await api("POST", `/api/v1/ab-tests/${alias}/resume`)).body.test.status).toBe("running");
  expect((await api("POST", `/api/v1/ab-tests/${alias}/resume`)).status).toBe(409);

  // Complete without naming a winner: the verdict's winner when it has one, else the control
  // (raw conversion counts never decide); it becomes the link's destination.
  const verdict = (await api("GET", `/api/v1/ab-tests/${alias}/analytics?days=3`)).body?.analytics?.verdict;
  const done = await api("POST", `/api/v1/ab-tests/${alias}/complete`, {});
  expect(done.status, JSON.stringify(done.body)).toBe(200);
  expect(typeof done.body.statistically_supported).toBe("boolean");
  const decided = verdict === "winner";
  const winner = decided ? variantB! : control!;
  expect(done.body.test).toMatchObject({ status: "completed", winner_variant_id: winner.id });
  const winnerPage = decided ? "https://shop.example.com/new" : "https://shop.example.com/old";
  await waitFor(() => visit(edgeUrl, shortHost, alias, { "user-agent": HUMAN }), {
    until: (answer) => answer.setCookie === undefined && landing(answer.location).page === winnerPage,
    what: "the winner to become the link's destination",
  });
  expect((await api("POST", `/api/v1/ab-tests/${alias}/start`)).status).toBe(409);

  // A test on an existing link: its destination is the control; deleting the running test
  // turns routing off.
  const link = await api("POST", "/api/v1/urls", { url: "https://blog.example.org/post", is_dynamic: true });
  expect(link.status).toBe(201);
  const code = link.body.url.id as string;
  const onLink = await api("POST", "/api/v1/ab-tests", {
    name: "Headline",
    primary_url_id: code,
    variants: [{ destination_url: "https://blog.example.org/post-b" }],
  });
  expect(onLink.status, JSON.stringify(onLink.body)).toBe(201);
  expect(onLink.body.test.variants).toMatchObject([
    { name: "Control", control: true, destination_url: "https://blog.example.org/post", traffic_weight: 50 },
    { control: false, destination_url: "https://blog.example.org/post-b", traffic_weight: 50 },
  ]);
  expect((await api("POST", `/api/v1/ab-tests/${onLink.body.test.id}/start`)).status).toBe(200);
  await waitFor(async () => (await visit(edgeUrl, shortHost, code, { "user-agent": HUMAN })).setCookie, {
    until: (setCookie) => setCookie !== undefined,
    what: "the edge to route the second test (a split cookie)",
  });
  expect((await api("DELETE", `/api/v1/ab-tests/${onLink.body.test.id}`)).status).toBe(200);
  await waitFor(() => visit(edgeUrl, shortHost, code, { "user-agent": HUMAN }), {
    until: (answer) => answer.setCookie === undefined && answer.location === "https://blog.example.org/post",
    what: "routing to stop once the test is deleted",
  });
  expect((await api("GET", `/api/v1/ab-tests/${onLink.body.test.id}`)).status).toBe(404);

  const list = await api("GET", "/api/v1/ab-tests?status=completed");
  expect(list.body.tests.map((t: { id: string }) => t.id)).toEqual([test.id]);

  function visitWith(cookie: string): Promise<Visit> {
    return visit(edgeUrl, shortHost, alias, { "user-agent": HUMAN, cookie });
  }
}
