/**
 * Synthetic clicks for the analytics bench and the exactness test: a seeded catalog (accounts with
 * branded hosts and campaigns; links with Zipf popularity, QR codes, A/B tests, conversion rates)
 * and a stream of enriched click rows in time order, as the ingest pipeline would write them,
 * with the conversions some human clicks lead to. Same options, same rows, on any machine.
 */
import type { ClickRow, ConversionRow } from "../../src/ingest/click-row";
import { toClickHouseTime } from "../../src/ingest/click-row";
import {
  BOTS,
  CONVERSION_EVENTS,
  CURRENCIES,
  HUMAN_AGENTS,
  PLACES,
  REFERRER_CATEGORIES,
  REFERRER_HOSTS,
  UNKNOWN_PLACE_SHARE,
  UTM_CAMPAIGNS,
  UTM_CONTENTS,
  UTM_MEDIUMS,
  UTM_SOURCES,
  UTM_TERMS,
} from "./click-vocabulary";
import { SeededRandom, visitorHash, WeightedPicker, weighted, zipfWeights } from "./seeded-random";

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

export const STANDARD_HOST = "kurz.link";

export interface DatasetOptions {
  clicks: number;
  seed: number;
  /** The newest click is just before this instant; the oldest `days` before it. */
  endMs: number;
  days?: number;
  accounts?: number;
  links?: number;
  /** Share of GET / POST requests made by bots. */
  botShare?: number;
}

export interface AccountSpec {
  index: number;
  accountId: string;
  /** The standard short host first, then its subdomain and branded domains. */
  hosts: string[];
  campaignIds: string[];
}

export interface LinkSpec {
  /** Popularity rank (0: the most clicked). */
  rank: number;
  linkId: string;
  account: AccountSpec;
  host: string;
  code: string;
  destinationUrl: string;
  /** Some links get a new destination at `destinationChangeMs`. */
  laterDestinationUrl: string;
  destinationChangeMs: number;
  campaignId: string;
  /** The link is a QR code's: most of its requests are scans. */
  qr: boolean;
  abTestId: string;
  variantIds: string[];
  conversionRate: number;
}

export interface Catalog {
  accounts: AccountSpec[];
  /** By rank. */
  links: LinkSpec[];
  startMs: number;
  endMs: number;
}

export interface GeneratedBatch {
  clicks: ClickRow[];
  conversions: ConversionRow[];
}

const CODE_ALPHABET = [..."abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789"];

function resolved(options: DatasetOptions): Required<DatasetOptions> {
  return { days: 180, accounts: 20, links: 5_000, botShare: 0.1, ...options };
}

/** Accounts, hosts, campaigns and links of a dataset (no clicks): cheap, and the same for a seed. */
export function createCatalog(options: DatasetOptions): Catalog {
  const o = resolved(options);
  const random = new SeededRandom(o.seed * 7919 + 1);
  const startMs = o.endMs - o.days * DAY_MS;
  const accounts: AccountSpec[] = Array.from({ length: o.accounts }, (_, index) => {
    const hosts = [STANDARD_HOST];
    if (random.chance(0.5)) hosts.push(`acct${index + 1}.${STANDARD_HOST}`);
    const branded = random.int(3);
    for (let b = 0; b < branded; b++)
      hosts.push(b === 0 ? `go.brand${index + 1}.com` : `links.brand${index + 1}.io`);
    return {
      index,
      accountId: random.uuid(),
      hosts,
      campaignIds: Array.from({ length: 2 + random.int(4) }, () => random.uuid()),
    };
  });
  // A few accounts own most links (as on a real platform).
  const owner = new WeightedPicker(accounts, zipfWeights(accounts.length, 0.8));
  const codes = new Set<string>();
  const codeHosts = new Map<string, Set<string>>();
  const links: LinkSpec[] = [];
  for (let rank = 0; rank < o.links; rank++) {
    const account = owner.pick(random);
    const host = random.chance(0.7) ? STANDARD_HOST : random.pick(account.hosts);
    // Now and then an account uses one code on two of its hosts: a code then names both links.
    // (A code is unique per host, as link-api has it.)
    const sibling = links.find((l) => l.account === account && !codeHosts.get(l.code)?.has(host));
    let code = sibling && random.chance(0.01) ? sibling.code : "";
    while (code === "") {
      code = Array.from({ length: 7 }, () => random.pick(CODE_ALPHABET)).join("");
      if (codes.has(code)) code = "";
    }
    codes.add(code);
    codeHosts.set(code, (codeHosts.get(code) ?? new Set<string>()).add(host));
    const abTest = random.chance(0.02);
    links.push({
      rank,
      linkId: random.uuid(),
      account,
      host,
      code,
      destinationUrl: `https://shop${account.index + 1}.example.com/p/${rank + 1}`,
      laterDestinationUrl: `https://shop${account.index + 1}.example.com/p/${rank + 1}?v=2`,
      destinationChangeMs: random.chance(0.05)
        ? startMs + random.int(o.days) * DAY_MS
        : Number.POSITIVE_INFINITY,
      campaignId: random.chance(0.4) ? random.pick(account.campaignIds) : "",
      qr: random.chance(0.1),
      abTestId: abTest ? random.uuid() : "",
      variantIds: abTest ? Array.from({ length: 2 + random.int(2) }, () => random.uuid()) : [],
      conversionRate: random.chance(0.3) ? 0 : 0.005 + random.next() * 0.055,
    });
  }
  return { accounts, links, startMs, endMs: o.endMs };
}

const placePicker = weighted(PLACES.map((place) => [place, place[1]] as const));
const agentPicker = weighted(HUMAN_AGENTS.map((agent) => [agent, agent.weight] as const));
const botPicker = weighted(BOTS.map((bot) => [bot, bot[2]] as const));
const referrerPicker = weighted(REFERRER_CATEGORIES);
const eventPicker = weighted(CONVERSION_EVENTS.map((event) => [event, event[1]] as const));
const currencyPicker = weighted(CURRENCIES);

/**
 * The clicks of a dataset in time order, `batchSize` at a time, with the conversions of its human
 * clicks (yielded when `batchSize` of them are held, and the rest with the last batch). Times are
 * distinct milliseconds with a daily rhythm, a few on the first or last millisecond of an hour;
 * visitors are hashed per account and UTC day, as the service does.
 */
export function* generateBatches(
  options: DatasetOptions,
  catalog: Catalog = createCatalog(options),
  batchSize = 10_000,
): Generator<GeneratedBatch> {
  const o = resolved(options);
  const random = new SeededRandom(o.seed);
  const linkPicker = new WeightedPicker(catalog.links, zipfWeights(catalog.links.length, 1));
  const span = catalog.endMs - catalog.startMs;
  const gap = span / o.clicks;
  // Each account has a pool of people; a few of them come back often.
  const people = Math.max(50, Math.floor(o.clicks / (o.accounts * 3)));
  const personWeights = zipfWeights(people, 0.6);
  const personPicker = new WeightedPicker(
    Array.from({ length: people }, (_, i) => i),
    personWeights,
  );
  let clicks: ClickRow[] = [];
  let conversions: ConversionRow[] = [];
  let lastMs = catalog.startMs - 1;
  for (let i = 0; i < o.clicks; i++) {
    // A daily rhythm (busiest at noon UTC, quietest at midnight) by warping evenly spaced
    // instants; strictly increasing, so every click has its own millisecond.
    const x = (i + random.next()) / o.clicks;
    const warped = x + (0.4 * Math.sin(2 * Math.PI * o.days * x)) / (2 * Math.PI * o.days);
    let at = catalog.startMs + Math.floor(warped * span);
    // A few clicks fall exactly on an hour's first or last millisecond: the edges of every range.
    // Moved only within the gap to its neighbours, so the time order and rhythm stay as they are.
    const edge = random.next();
    const hourStart = Math.floor(at / HOUR_MS) * HOUR_MS;
    if (edge < 0.05 && hourStart > lastMs) at = hourStart;
    else if (edge < 0.1 && hourStart + HOUR_MS - 1 - at < gap) at = hourStart + HOUR_MS - 1;
    if (at <= lastMs) at = lastMs + 1;
    if (at >= catalog.endMs) at = catalog.endMs - 1;
    lastMs = at;

    const link = linkPicker.pick(random);
    const account = link.account;
    const roll = random.next();
    const method = roll < 0.02 ? "HEAD" : roll < 0.03 ? "POST" : "GET";
    const bot = method === "HEAD" ? random.chance(0.5) : random.chance(o.botShare);
    const agent = agentPicker.pick(random);
    const botKind = botPicker.pick(random);
    const place = random.chance(UNKNOWN_PLACE_SHARE) ? undefined : placePicker.pick(random);
    const regions = place ? Object.keys(place[2]) : [];
    const region = place ? random.pick(regions) : "";
    const city = place ? random.pick(place[2][region] ?? [""]) : "";
    const category = referrerPicker.pick(random);
    const referrerHost =
      category === "direct"
        ? ""
        : category === "internal"
          ? link.host
          : random.pick(REFERRER_HOSTS[category] ?? []);
    const tagged = random.chance(0.3);
    const variant = link.variantIds.length > 0 ? random.pick(link.variantIds) : "";
    const person = personPicker.pick(random);
    const row: ClickRow = {
      click_id: random.uuid(),
      clicked_at: toClickHouseTime(at),
      account_id: account.accountId,
      link_id: link.linkId,
      host: link.host,
      code: link.code,
      destination_url: at >= link.destinationChangeMs ? link.laterDestinationUrl : link.destinationUrl,
      campaign_id: link.campaignId,
      qr: link.qr && random.chance(0.7),
      ab_test_id: link.abTestId,
      variant_id: variant,
      // An exposure's visitor is a person of the account (the redirector's cookie would say so).
      ab_visitor: link.abTestId !== "" && !bot && method !== "HEAD" ? `v${account.index}-${person}` : "",
      rule_id: "",
      method,
      is_bot: bot,
      bot_reason: bot ? botKind[0] : "",
      device_type: bot ? "bot" : agent.deviceType,
      browser: bot ? "" : agent.browser,
      browser_version: bot ? "" : random.pick(agent.browserVersions),
      os: bot ? "" : agent.os,
      os_version: bot ? "" : random.pick(agent.osVersions),
      country: place ? place[0] : "",
      region,
      city,
      referrer: referrerHost === "" ? "" : `https://${referrerHost}/${random.int(50)}`,
      referrer_host: referrerHost,
      referrer_category: category,
      utm_source: tagged ? random.pick(UTM_SOURCES) : "",
      utm_medium: tagged && random.chance(0.8) ? random.pick(UTM_MEDIUMS) : "",
      utm_campaign: tagged && random.chance(0.7) ? random.pick(UTM_CAMPAIGNS) : "",
      utm_term: tagged && random.chance(0.2) ? random.pick(UTM_TERMS) : "",
      utm_content: tagged && random.chance(0.2) ? random.pick(UTM_CONTENTS) : "",
      user_agent: bot ? botKind[1] : `Mozilla/5.0 (${agent.os} ${agent.osVersions[0]}) ${agent.browser}`,
      visitor_hash: visitorHash(o.seed, account.index, person, Math.floor(at / DAY_MS)),
      retention_days: 0,
      ingest_token: "",
    };
    clicks.push(row);

    if (method !== "HEAD" && !bot && random.chance(link.conversionRate)) {
      conversions.push(conversionOf(random, row, at, catalog.endMs));
    }
    if (clicks.length >= batchSize) {
      const full = conversions.length >= batchSize;
      yield { clicks, conversions: full ? conversions : [] };
      clicks = [];
      if (full) conversions = [];
    }
  }
  if (clicks.length > 0 || conversions.length > 0) yield { clicks, conversions };
}

function conversionOf(
  random: SeededRandom,
  click: ClickRow,
  clickedAtMs: number,
  endMs: number,
): ConversionRow {
  const [eventName, , valued] = eventPicker.pick(random);
  const hasValue = valued === "always" || (valued === "sometimes" && random.chance(0.5));
  // Whole cents, so that sums are exact in the test (Decimal(18, 4) in ClickHouse).
  const cents = 100 + random.int(eventName === "purchase" ? 30_000 : 5_000);
  const occurredAt = Math.min(endMs - 1, clickedAtMs + random.int(2 * DAY_MS));
  return {
    conversion_id: random.uuid(),
    click_id: click.click_id,
    occurred_at: new Date(occurredAt).toISOString().slice(0, 23).replace("T", " "),
    clicked_at: click.clicked_at,
    account_id: click.account_id,
    link_id: click.link_id,
    host: click.host,
    code: click.code,
    campaign_id: click.campaign_id,
    ab_test_id: click.ab_test_id,
    variant_id: click.variant_id,
    event_name: eventName,
    value: hasValue ? (cents / 100).toFixed(2) : null,
    currency: hasValue ? currencyPicker.pick(random) : "USD",
    metadata: random.chance(0.2) ? JSON.stringify({ plan: random.pick(["pro", "team", "free"]) }) : "",
    retention_days: 0,
  };
}
