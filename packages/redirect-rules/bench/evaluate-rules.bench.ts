// Cost of evaluating a link's rules per visit: 20 rules whose last one matches (the worst case a
// link may hold) against an empty rule list (every link without rules); then what else a visit of
// such a link costs: building its Visitor, the whole decideVisit, the crawler test. Run: pnpm bench.
import { createUserAgentClassifier } from "@kurz/click-enrichment";
import { z } from "zod";
import {
  compileRules,
  createVisitor,
  decideVisit,
  evaluateRules,
  isLinkPreviewCrawler,
  rulesSchema,
} from "../src";

const schema = rulesSchema(z.url());
const misses = Array.from({ length: 19 }, (_, i) => ({
  id: `miss-${i}`,
  destination_url: `https://example.com/${i}`,
  conditions: [
    { type: "language", values: ["de", "fr"] },
    { type: "country", values: ["DE", "AT", "CH"] },
  ],
}));
const last = {
  id: "hit",
  destination_url: "https://example.com/hit",
  conditions: [
    { type: "device", values: ["desktop"] },
    { type: "ip", values: ["10.0.0.0/8", "2001:db8::/32"] },
    { type: "referrer_host", values: ["example.com"] },
    { type: "query_param", name: "ref", value: "mail" },
    { type: "after", at: "2026-01-01T00:00:00Z" },
  ],
};
const twenty = compileRules(schema.parse([...misses, last]));
const none = compileRules([]);
const BROWSER =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36";
const classify = createUserAgentClassifier();
const visitInput = {
  userAgent: classify(BROWSER),
  acceptLanguage: "en-GB, en;q=0.9",
  country: "GB",
  ip: "10.1.2.3",
  referer: "https://news.example.com/today",
  query: "ref=mail",
  time: Date.parse("2026-06-01T00:00:00Z"),
};
const visitor = createVisitor(visitInput);
if (evaluateRules(twenty, visitor) !== 19) throw new Error("the last rule must match");

function nsPerVisit(rules: typeof twenty, iterations: number): number {
  let sink = 0;
  const start = process.hrtime.bigint();
  for (let i = 0; i < iterations; i++) sink += evaluateRules(rules, visitor);
  const elapsed = Number(process.hrtime.bigint() - start);
  if (sink === 42) process.stdout.write("");
  return elapsed / iterations;
}

const iterations = 1_000_000;
// Warm-up: let the JIT optimise both paths before measuring.
nsPerVisit(twenty, iterations / 10);
nsPerVisit(none, iterations / 10);
const best = (rules: typeof twenty) =>
  Math.min(...Array.from({ length: 5 }, () => nsPerVisit(rules, iterations)));
const full = best(twenty);
const empty = best(none);

function nsPer(run: () => unknown, iterations: number): number {
  let sink: unknown;
  run();
  const start = process.hrtime.bigint();
  for (let i = 0; i < iterations; i++) sink = run();
  const elapsed = Number(process.hrtime.bigint() - start);
  if (sink === 42) process.stdout.write("");
  return elapsed / iterations;
}
const bestOf = (run: () => unknown) => Math.min(...Array.from({ length: 5 }, () => nsPer(run, 200_000)));
const link = {
  destinationUrl: "https://example.com/",
  rules: twenty,
  iosUrl: "",
  androidUrl: "",
  hasCard: true,
};
const visitorCost = bestOf(() => createVisitor({ ...visitInput, userAgent: classify(BROWSER) }));
const decideCost = bestOf(() => decideVisit(link, { visitor, crawler: isLinkPreviewCrawler(BROWSER) }));
const crawlerCost = bestOf(() => isLinkPreviewCrawler(BROWSER));
process.stdout.write(
  [
    `20 rules, last matches: ${full.toFixed(1)} ns/visit`,
    `no rules:               ${empty.toFixed(1)} ns/visit`,
    `ratio:                  ${(full / empty).toFixed(1)}x`,
    `Visitor (every field):  ${visitorCost.toFixed(1)} ns/visit`,
    `decideVisit (20 rules, card, crawler test): ${decideCost.toFixed(1)} ns/visit`,
    `crawler test (a browser): ${crawlerCost.toFixed(1)} ns/visit`,
  ].join("\n") + "\n",
);
