import { Agent, request } from "node:http";
import { TestClock } from "@kurz/clock";
import { createLogger } from "@kurz/logger";
import { createDatabase, type DatabaseConnection } from "@kurz/relational";
import { createShortHosts } from "@kurz/routes";
import { createTestDatabase, postgresBackend, type SignedInUser, type TestDatabase } from "@kurz/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as linkApiSchema from "../services/link-api/src/db/schema";
import type { LinkApiContext } from "../services/link-api/src/link-api-context";
import { createSimulatorDeps } from "../services/link-api/src/simulator/create-simulator-deps";
import {
  type Simulation,
  simulateInputSchema,
} from "../services/link-api/src/simulator/simulate-input-schema";
import { simulateRedirect } from "../services/link-api/src/simulator/simulate-redirect";
import { writeTestGeoDatabase } from "../services/redirector/test/support/write-test-geo-database";
import { type GeneratedVisitor, generateVisitors } from "./support/generate-visitors";
import { signUpOnPlan } from "./support/sign-up-on-plan";
import { type FlowKurz, startFlowKurz } from "./support/start-flow-kurz";

const SEED = Number(process.env.SIMULATOR_AGREEMENT_SEED ?? 20_261_129);
const VISITORS = 10_000;
/** Visits in flight at once (each a redirect and a simulation): both cores busy, no queueing. */
const IN_FLIGHT = 12;
/** Every this many visitors, the simulation is also asked through REST and must be the same answer. */
const REST_SAMPLE_EVERY = 25;
const MIN = 60_000;

// The same database for the redirector and link-api's simulator (GEOIP_DATABASE_PATH is read by both).
const geoDatabase = writeTestGeoDatabase([
  {
    network: "198.51.100.0/24",
    country: "DE",
    subdivision: "BY",
    subdivisionName: "Bavaria",
    city: "Munich",
  },
  { network: "198.51.101.0/24", country: "DE", subdivision: "BE", subdivisionName: "Berlin", city: "Berlin" },
  {
    network: "203.0.113.0/24",
    country: "FR",
    subdivision: "IDF",
    subdivisionName: "Île-de-France",
    city: "Paris",
  },
  { network: "81.2.69.0/24", country: "AT", subdivision: "9", subdivisionName: "Wien", city: "Vienna" },
]);

const ADDRESS_POOLS = [
  ["198.51.100.", "198.51.101.", "203.0.113.", "81.2.69."],
  // 192.0.2.0/25 is a rule's range; the upper half of the /24 is outside it.
  ["192.0.2."],
  [
    "2001:db8::5",
    "2001:db8:ffff::1",
    "2001:0db8:0000::0001",
    "2001:db9::1",
    "2a00:1450::1",
    "::ffff:198.51.100.7",
  ],
  ["45.33.32.", "8.8.8."],
];

/**
 * A frozen clock for every service: each group of visits moves its wall time to the visitors'
 * instant (stepWall), exactly, so a visit at a rule's boundary is at it; the monotonic scale does
 * not move, so the redirector's cached links never expire mid-test.
 */
const clock = new TestClock({ frozen: true });
const BASE = Math.ceil(clock.now().getTime() / MIN) * MIN + MIN;
const EARLY = BASE + 5 * MIN;
const OPEN = BASE + 10 * MIN;
const CLOSE = BASE + 20 * MIN;
const LATE = BASE + 30 * MIN;
const iso = (ms: number) => new Date(ms).toISOString();

/** Each boundary, a millisecond either side, and instants in between. */
const INSTANTS = [
  ...[EARLY, OPEN, CLOSE, LATE].flatMap((at) => [at - 1, at, at + 1]),
  ...Array.from({ length: 12 }, (_, i) => BASE + i * 3 * MIN + 17_321),
];

const rule = (id: string, path: string, ...conditions: object[]) => ({
  id,
  name: `Rule ${id}`,
  destination_url: `https://example.com/${path}`,
  conditions,
});

/** Links with every condition type, the deep links and a card; codes are their aliases. */
const LINKS = {
  simrules: {
    url: "https://example.com/home?from=kurz",
    is_dynamic: true,
    rules: [
      rule(
        "fr-mobile",
        "fr-mobile",
        { type: "device", values: ["mobile"] },
        { type: "language", values: ["fr"] },
      ),
      rule("newsletter", "news?src=kurz", { type: "query_param", name: "utm_source", value: "newsletter" }),
      rule("ref-present", "ref", { type: "query_param", name: "ref" }),
      rule("lab-v4", "lab4", { type: "ip", values: ["192.0.2.0/25"] }),
      rule("lab-v6", "lab6", { type: "ip", values: ["2001:db8::/32"] }),
      rule("paris", "paris", { type: "city", values: ["Paris"] }),
      rule("bavaria", "bavaria", { type: "region", values: ["de-by"] }),
      rule("dach", "dach", { type: "country", values: ["DE", "at", "CH"] }),
      rule("from-example-org", "example-org", { type: "referrer_host", values: ["example.org"] }),
      rule("window", "window", { type: "after", at: iso(OPEN) }, { type: "before", at: iso(CLOSE) }),
      rule("early", "early", { type: "before", at: iso(EARLY) }),
      rule("german", "de", { type: "language", values: ["de"] }),
      rule("android", "android", { type: "os", values: ["android"] }),
      rule("tablet", "tablet", { type: "device", values: ["tablet"] }),
      rule("firefox-edge", "fx-edge", { type: "browser", values: ["firefox", "edge"] }),
      rule("late", "late", { type: "after", at: iso(LATE) }),
    ],
  },
  simapps: {
    url: "https://example.com/apps",
    ios_url: "https://apps.apple.com/app/id123456789",
    android_url: "https://play.google.com/store/apps/details?id=com.example&hl=de",
    og_title: `Summer <sale> & "more"`,
    og_description: "50% off <today>",
    og_image: "https://cdn.example.com/card.png?w=1200&h=630",
    rules: [
      rule("apps-german", "apps/de", { type: "language", values: ["de"] }),
      rule("apps-france", "apps/fr", { type: "country", values: ["FR"] }),
      rule(
        "apps-window",
        "apps/window",
        { type: "after", at: iso(OPEN) },
        { type: "before", at: iso(CLOSE) },
      ),
    ],
  },
  simcard: { url: "https://example.com/card?x=1&y=2", og_title: "Only a title" },
  simplain: { url: "https://example.com/plain" },
} as const;

/** What every link must have answered at least once: "<code> <matched> <rule id or destination>". */
const EXPECTED_OUTCOMES = [
  ...LINKS.simrules.rules.map((r) => `simrules rule ${r.id}`),
  "simrules default",
  ...LINKS.simapps.rules.map((r) => `simapps rule ${r.id}`),
  `simapps deep_link ${new URL(LINKS.simapps.ios_url).host}`,
  `simapps deep_link ${new URL(LINKS.simapps.android_url).host}`,
  "simapps preview",
  "simapps default",
  "simcard preview",
  "simcard default",
  "simplain default",
];

interface RedirectorAnswer {
  status: number;
  /** The Location of a redirect, the meta refresh's URL of a card page. */
  destination: string | undefined;
  ogTitle?: string;
}

function unescapeHtml(text: string): string {
  const named: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'", "#x27": "'" };
  return text.replace(/&(amp|lt|gt|quot|#39|#x27);/g, (_, name: string) => named[name] ?? _);
}

let flow: FlowKurz;
let person: SignedInUser;
let accountId: string;
let database: TestDatabase;
let connection: DatabaseConnection<typeof linkApiSchema>;
let simulateInProcess: (visitor: GeneratedVisitor) => Promise<Simulation>;
const agent = new Agent({ keepAlive: true, maxSockets: IN_FLIGHT });

beforeAll(async () => {
  const backend = await postgresBackend();
  if (!backend.available) throw new Error(backend.reason);
  // link-api on PostgreSQL (not the embedded PGlite), so this test can read its links too.
  database = await createTestDatabase(backend.value.adminUrl, "simulator_agreement");
  flow = await startFlowKurz(
    "simulator-agreement",
    {
      GEOIP_DATABASE_PATH: geoDatabase,
      // The test is the proxy in front of the edge: each visitor comes from its own address.
      EDGE_TRUSTED_PROXIES: "loopback",
      // The REST sample and the sign-in come from this one address.
      REST_REQUESTS_PER_MINUTE_PER_IP: "1000000",
    },
    { clock, serviceEnv: { "link-api": { DATABASE_URL: database.url } } },
  );
  person = await signUpOnPlan(flow, "shorturl:create shorturl:read", "business");
  for (const [code, body] of Object.entries(LINKS)) {
    const response = await fetch(`${flow.edgeUrl}/api/v1/urls`, {
      method: "POST",
      headers: { authorization: `Bearer ${person.accessToken}`, "content-type": "application/json" },
      body: JSON.stringify({ ...body, customAlias: code, tracking_enabled: false }),
    });
    expect(response.status, await response.clone().text()).toBe(201);
  }
  accountId = JSON.parse(Buffer.from(person.accessToken.split(".")[1] ?? "", "base64url").toString()).sub;

  // 10,000 simulations through REST took 97 s on this 2-core machine (each a token check, a rate
  // window and a database read; the 10,000 redirects took 5 s): the visitors are simulated by the
  // function link-api's simulate route calls (simulateRedirect, its body parsed by the route's
  // schema), on the rows link-api stored, with the same geo database; every 25th visitor also goes
  // through REST and must get the very same answer.
  connection = await createDatabase({ url: database.url, schema: linkApiSchema, poolMax: 4 });
  const ctx = {
    db: connection.db,
    hosts: createShortHosts({ shortHost: flow.shortHost, subdomainHost: flow.shortHost, scheme: "http" }),
    clock,
  } as unknown as LinkApiContext;
  const deps = createSimulatorDeps(
    geoDatabase,
    createLogger({ service: "simulator-agreement", level: "silent" }),
  );
  simulateInProcess = (visitor) => {
    const { code, atMs: _, ...described } = visitor;
    return simulateRedirect(ctx, deps, accountId, { shortCode: code }, simulateInputSchema.parse(described));
  };
}, 240_000);

afterAll(async () => {
  agent.destroy();
  await connection?.close();
  await flow?.stop();
  await database?.drop();
});

/** The real visit: through the edge, the visitor's address in X-Forwarded-For. */
function visit(visitor: GeneratedVisitor): Promise<RedirectorAnswer> {
  const query = new URLSearchParams(visitor.query ?? {}).toString();
  const headers: Record<string, string> = { host: flow.shortHost, "x-forwarded-for": visitor.ip };
  if (visitor.user_agent !== undefined) headers["user-agent"] = visitor.user_agent;
  if (visitor.accept_language !== undefined) headers["accept-language"] = visitor.accept_language;
  if (visitor.referrer !== undefined) headers.referer = visitor.referrer;
  const path = `/${visitor.code}${query === "" ? "" : `?${query}`}`;
  return new Promise((resolve, reject) => {
    const req = request(`${flow.edgeUrl}${path}`, { headers, agent }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => {
        body += chunk;
      });
      res.on("end", () => {
        const status = res.statusCode ?? 0;
        if (status !== 200) return resolve({ status, destination: res.headers.location });
        const refresh = /<meta http-equiv="refresh" content="0; url=([^"]*)">/.exec(body)?.[1];
        const title = /<meta property="og:title" content="([^"]*)">/.exec(body)?.[1];
        resolve({
          status,
          destination: refresh === undefined ? undefined : unescapeHtml(refresh),
          ...(title === undefined ? {} : { ogTitle: unescapeHtml(title) }),
        });
      });
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
}

/** The same visitor described to the simulator, through link-api's REST API. */
async function simulateThroughRest(visitor: GeneratedVisitor): Promise<Simulation | { error: string }> {
  const { code, atMs: _, ...described } = visitor;
  const response = await fetch(`${flow.edgeUrl}/api/v1/urls/${code}/simulate`, {
    method: "POST",
    headers: { authorization: `Bearer ${person.accessToken}`, "content-type": "application/json" },
    body: JSON.stringify(described),
  });
  const text = await response.text();
  return response.status === 200 ? (JSON.parse(text) as Simulation) : { error: `${response.status} ${text}` };
}

function outcomeOf(code: string, simulation: Simulation): string {
  if (simulation.matched === "rule") return `${code} rule ${simulation.rule?.id}`;
  if (simulation.matched === "deep_link")
    return `${code} deep_link ${new URL(simulation.destination_url).host}`;
  return `${code} ${simulation.matched}`;
}

function agrees(red: RedirectorAnswer, sim: Simulation | { error: string }): boolean {
  if ("error" in sim) return false;
  if (red.status !== sim.status_code) return false;
  if (red.status === 200 && red.destination === undefined) return false;
  return red.destination === sim.destination_url;
}

describe("the simulator and the redirector", () => {
  it(`send ${VISITORS.toLocaleString("en-US")} generated visitors (seed ${SEED}) to the same place`, async () => {
    const visitors = generateVisitors({
      seed: SEED,
      count: VISITORS,
      codes: Object.keys(LINKS),
      instants: INSTANTS,
      addressPools: ADDRESS_POOLS,
    });
    const byInstant = new Map<number, GeneratedVisitor[]>();
    for (const visitor of visitors) {
      const group = byInstant.get(visitor.atMs);
      if (group) group.push(visitor);
      else byInstant.set(visitor.atMs, [visitor]);
    }

    const restSampled = new Set(visitors.filter((_, i) => i % REST_SAMPLE_EVERY === 0));
    const restSamples: { visitor: GeneratedVisitor; inProcess: unknown; throughRest: unknown }[] = [];
    const disagreements: { visitor: GeneratedVisitor; redirector: RedirectorAnswer; simulator: unknown }[] =
      [];
    const outcomes = new Set<string>();
    const cards = new Set<string>();
    for (const at of [...byInstant.keys()].sort((a, b) => a - b)) {
      // Every visit of a group happens at its instant; the groups go forward in time.
      clock.stepWall(at - clock.now().getTime());
      const group = byInstant.get(at) ?? [];
      let next = 0;
      const worker = async () => {
        while (next < group.length) {
          const visitor = group[next++] as GeneratedVisitor;
          const [redirector, simulator, throughRest] = await Promise.all([
            visit(visitor),
            simulateInProcess(visitor).catch((error: Error) => ({ error: String(error) })),
            restSampled.has(visitor) ? simulateThroughRest(visitor) : undefined,
          ]);
          if (throughRest !== undefined) restSamples.push({ visitor, inProcess: simulator, throughRest });
          if (!agrees(redirector, simulator)) disagreements.push({ visitor, redirector, simulator });
          if (!("error" in simulator)) outcomes.add(outcomeOf(visitor.code, simulator));
          if (redirector.ogTitle !== undefined) cards.add(`${visitor.code} ${redirector.ogTitle}`);
        }
      };
      await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
    }

    const report = disagreements
      .slice(0, 20)
      .map(({ visitor, redirector, simulator }) => JSON.stringify({ visitor, redirector, simulator }))
      .join("\n");
    expect(
      disagreements.length,
      `seed ${SEED}: ${disagreements.length} of ${VISITORS} visitors disagree; the first 20:\n${report}`,
    ).toBe(0);
    // Not vacuous: every rule, both deep links, the cards and the defaults were reached.
    expect(
      EXPECTED_OUTCOMES.filter((outcome) => !outcomes.has(outcome)),
      `seed ${SEED}: outcomes never reached`,
    ).toEqual([]);
    const restDiffers = restSamples.filter(
      (sample) => JSON.stringify(sample.inProcess) !== JSON.stringify(sample.throughRest),
    );
    expect(restDiffers.slice(0, 5), `seed ${SEED}: REST and the simulate function differ`).toEqual([]);
    expect(restSamples.length).toBeGreaterThanOrEqual(VISITORS / REST_SAMPLE_EVERY);
    expect([...cards].sort()).toEqual([
      `simapps ${LINKS.simapps.og_title}`,
      `simcard ${LINKS.simcard.og_title}`,
    ]);
    // Hang guards, not speed assertions: the loop takes about 40 s on two loaded cores, and over
    // 120 s beside make test-repeat's busy core.
  }, 400_000);
});
