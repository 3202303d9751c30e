/**
 * `make bench` (pnpm --filter @kurz/analytics-ingest bench): the hot path and the click pipeline,
 * measured in one run on this machine (docs/architecture.md#performance).
 *
 * 1. Redirects: autocannon (own process, 64 connections, 127.0.0.1, every connection cycling
 *    through the codes of LINKS links) against the redirector of an embedded stack (link-api
 *    resolving, a click event produced to the in-process bus for every redirect, held there for
 *    step 2) and against a bare Node http server answering 302 from a Map. Rounds alternate the
 *    two so background load hits both alike; the ratio is reported per round and as median (the
 *    machine is shared: single rounds swing by ±20%). Holding every click of the run in memory until step 2 costs the
 *    redirector's process ~10% of this throughput (garbage collection); with a consumer keeping
 *    up, as in `make start`, the bus keeps only what is not consumed yet.
 * 2. Ingest: analytics-ingest then starts and consumes every click event the redirector produced
 *    (enrichment, batching, de-duplication, chDB inserts, rollups); events per second from the
 *    first row written to the last.
 * 3. Exactness: the analytics API must report exactly as many requests as autocannon sent.
 *
 * A/B routing: one more link runs an A/B test (50/50; the link otherwise like the others). Each
 * round also runs BENCH_AB_PAIRS pairs of half-second bursts against the redirector, with that
 * link in the rotation in place of a plain one and without it, alternating; every request to it
 * is a new visitor (autocannon keeps no cookies: a new visitor id, a hash, a Set-Cookie each
 * time), the costliest case. Its throughput must stay within 5 % of the plain rotation's.
 *
 * Rules and cards: each round also runs BENCH_RULE_PAIRS pairs of half-second bursts against one
 * link alone: a link with 20 redirect rules whose last one matches (19 tried and missed on their
 * first condition, language de or fr, by a browser accepting en-US and en: their country
 * condition is never reached, so the address is never located, as in the redirector a place is
 * looked up only when a condition first asks) against a plain link, and a
 * preview-card answer to a link-preview crawler (200, the Open Graph page) against the plain
 * link asked by the same crawler. Each is reported as a ratio to the plain link (target ≥ 0.9).
 *
 * While iterating on the redirector: BENCH_INGEST=0 stops after the redirect comparisons, and
 * BENCH_ROUNDS, BENCH_ROUND_SECONDS, BENCH_AB_PAIRS, BENCH_RULE_PAIRS size them.
 */

import { LoadGenerator, type LoadResult, median, startBaselineServer, waitFor } from "@kurz/testing";
import { startEmbeddedStack } from "../test/embedded-stack";
import { giveLinkRulesAndCard, twentyRulesLastMatching } from "./give-link-rules-and-card";
import { routeLinkThroughTest } from "./route-link-through-test";

const CONNECTIONS = 64;
const ROUND_SECONDS = Number(process.env.BENCH_ROUND_SECONDS ?? 2);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 12);
/**
 * Traffic spread over a few links, as real traffic is: their clicks land on different partitions
 * of the bus, which analytics-ingest consumes concurrently (one hot link's clicks are consumed in
 * order, one batch at a time).
 */
const LINKS = Number(process.env.BENCH_LINKS ?? 12);
/** Pairs of short bursts per round comparing the redirector with and without the A/B link. */
const AB_PAIRS = Number(process.env.BENCH_AB_PAIRS ?? 4);
const AB_BURST_SECONDS = 0.5;
/** Pairs of short bursts per round for each of: the 20-rule link, the card, against a plain link. */
const RULE_PAIRS = Number(process.env.BENCH_RULE_PAIRS ?? 2);
/** 0: stop after the redirect comparisons (a shorter run while working on the redirector). */
const INGEST = process.env.BENCH_INGEST !== "0";
const CRAWLER_HEADERS = { "user-agent": "Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)" };
const ACCOUNT = "b3a1f0e2-4c5d-4e6f-8a9b-0c1d2e3f4a5b";
const DESTINATION = "https://example.com/landing?utm_source=bench";
const HEADERS = {
  "user-agent":
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36",
  referer: "https://news.example.org/post",
  // As a browser sends it: a link with language rules parses it on every visit.
  "accept-language": "en-US,en;q=0.9",
};

/** The bench's report goes to stdout, one line per call. */
function print(line: string): void {
  process.stdout.write(`${line}\n`);
}

interface Measured extends LoadResult {
  /** CPU time (user + system) this process spent per request answered during the burst. */
  cpuMicrosPerRequest: number;
  /**
   * CPU time of this process's main thread alone (the servers' JavaScript and socket calls; not
   * the garbage collector's helper threads) per request.
   */
  mainThreadMicrosPerRequest: number;
}

function row(result: Measured): string {
  return `${Math.round(result.requestsPerSecond).toString().padStart(6)} rps  p99 ${String(result.p99Ms).padStart(3)} ms  ${Math.round(result.cpuMicrosPerRequest).toString().padStart(3)} µs CPU`;
}

async function metric(url: string, name: string): Promise<number> {
  const text = await (await fetch(`${url}/metrics`)).text();
  const line = text.split("\n").find((l) => l.startsWith(name));
  return line ? Number(line.slice(line.lastIndexOf(" ") + 1)) : 0;
}

const stack = await startEmbeddedStack({
  withoutAnalytics: true,
  env: {
    CLICK_BUFFER_MAX_MESSAGES: "5000000",
    ...(process.env.INGEST_BATCH_MAX_ROWS
      ? { INGEST_BATCH_MAX_ROWS: process.env.INGEST_BATCH_MAX_ROWS }
      : {}),
  },
  // The clicks wait on the bus for analytics-ingest: the default retention, 100 000 per
  // partition, would drop all but the last 100 000 of each partition, as Kafka's would.
  memoryRetention: { maxMessagesPerPartition: 10_000_000 },
});
try {
  const token = await stack.token(ACCOUNT, ["shorturl:create", "analytics:read"]);
  const codes = Array.from({ length: LINKS }, (_, i) => `bench-link-${i + 1}`);
  const abCode = "bench-ab-link";
  const rulesCode = "bench-rules-link";
  const cardCode = "bench-card-link";
  for (const code of [...codes, abCode, rulesCode, cardCode]) {
    const created = await fetch(`${stack.edgeUrl}/api/v1/urls`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify({ url: DESTINATION, customAlias: code }),
    });
    if (created.status !== 201)
      throw new Error(`creating the bench link failed: ${created.status} ${await created.text()}`);
    if (code === abCode || code === rulesCode || code === cardCode) continue;
    const warm = await fetch(`${stack.redirector.httpUrl}/${code}`, { redirect: "manual", headers: HEADERS });
    if (warm.status !== 301) throw new Error(`the redirector answered ${warm.status}`);
  }
  // A link like the others, but under a running test (as with primary_url_id).
  await routeLinkThroughTest(stack, ACCOUNT, abCode, DESTINATION);
  const abWarm = await fetch(`${stack.redirector.httpUrl}/${abCode}`, {
    redirect: "manual",
    headers: HEADERS,
  });
  if (abWarm.status !== 302 || !abWarm.headers.get("set-cookie")?.startsWith("kz_ab_")) {
    throw new Error(`the A/B link was not routed: ${abWarm.status}`);
  }
  // As link-api hands them over once a link holds them (the redirector's own host name for it).
  await giveLinkRulesAndCard(stack, ACCOUNT, "localhost", rulesCode, {
    rules: twentyRulesLastMatching(DESTINATION),
  });
  await giveLinkRulesAndCard(stack, ACCOUNT, "localhost", cardCode, {
    ogTitle: "Spring sale: 30 % off <everything>",
    ogDescription: "Until Sunday, in every shop & online.",
    ogImage: "https://cdn.example.com/spring-sale.png?w=1200&h=630",
  });
  // Every visit is recorded: the warm-up requests above, these checks, then the bursts.
  let redirects = LINKS + 1;
  const checkRulesAndCard = async () => {
    const ruled = await fetch(`${stack.redirector.httpUrl}/${rulesCode}`, {
      redirect: "manual",
      headers: HEADERS,
    });
    redirects++;
    if (ruled.status !== 302 || ruled.headers.get("location") !== `${DESTINATION}&rule=hit`) {
      throw new Error(
        `the 20-rule link did not reach its last rule: ${ruled.status} ${ruled.headers.get("location")}`,
      );
    }
    const card = await fetch(`${stack.redirector.httpUrl}/${cardCode}`, {
      redirect: "manual",
      headers: CRAWLER_HEADERS,
    });
    redirects++;
    if (card.status !== 200 || !(await card.text()).includes('property="og:title"')) {
      throw new Error(`the card link did not answer its card: ${card.status}`);
    }
  };
  await waitFor(
    () =>
      checkRulesAndCard().then(
        () => true,
        () => false,
      ),
    { until: (done) => done, what: "the rules and the card to reach the redirector" },
  );
  const paths = codes.map((code) => `/${code}`);
  // The same number of links, one of them under test.
  const abPaths = [...paths.slice(1), `/${abCode}`];
  const baseline = await startBaselineServer(new Map([...codes, abCode].map((code) => [code, DESTINATION])));

  print(
    `Redirects: ${CONNECTIONS} connections, ${ROUNDS} rounds of ${ROUND_SECONDS} s against each server, alternating, 127.0.0.1`,
  );
  const load = new LoadGenerator();
  const ratios: number[] = [];
  /** Per pair of short bursts: the redirector with the A/B link against itself without it. */
  const abPaired: number[] = [];
  const abCpu: number[] = [];
  const plainCpu: number[] = [];
  const cpuRatios: number[] = [];
  /** Per pair: the 20-rule link, and the card answered to a crawler, each against a plain link. */
  const rulesPaired: number[] = [];
  const cardPaired: number[] = [];
  /** CPU µs per request of each side of those pairs: [measured, plain]. */
  const rulesCpu: [number[], number[]] = [[], []];
  const cardCpu: [number[], number[]] = [[], []];
  /** The same, of the main thread alone. */
  const rulesMainThread: [number[], number[]] = [[], []];
  const cardMainThread: [number[], number[]] = [[], []];
  const all: { base: Measured[]; redir: Measured[] } = { base: [], redir: [] };
  const burst = async (
    origin: string,
    burstPaths: string[],
    seconds: number,
    headers: Record<string, string> = HEADERS,
  ): Promise<Measured> => {
    // Both servers live in this process: its CPU time during a burst is what the server spent.
    const cpuBefore = process.cpuUsage();
    const mainBefore = process.threadCpuUsage();
    const result = await load.run(origin, {
      paths: burstPaths,
      connections: CONNECTIONS,
      durationSeconds: seconds,
      headers,
    });
    const cpu = process.cpuUsage(cpuBefore);
    const main = process.threadCpuUsage(mainBefore);
    if (result.errors > 0 || result.non2xx3xx > 0) {
      throw new Error(`${origin}: ${result.errors} errors, ${result.non2xx3xx} 4xx/5xx responses`);
    }
    redirects += origin === baseline.url ? 0 : result.requests;
    const answered = Math.max(1, result.requests);
    return {
      ...result,
      cpuMicrosPerRequest: (cpu.user + cpu.system) / answered,
      mainThreadMicrosPerRequest: (main.user + main.system) / answered,
    };
  };
  for (let round = 1; round <= ROUNDS; round++) {
    const results: Partial<Record<"base" | "redir", Measured>> = {};
    for (const which of round % 2 ? (["base", "redir"] as const) : (["redir", "base"] as const)) {
      results[which] = await burst(
        which === "base" ? baseline.url : stack.redirector.httpUrl,
        paths,
        ROUND_SECONDS,
      );
    }
    // The A/B comparison in short bursts, alternating: the machine's swings last seconds, so
    // bursts half a second apart see the same machine far more often than whole rounds do.
    for (let pair = 0; pair < AB_PAIRS; pair++) {
      const abFirst = (round + pair) % 2 === 0;
      const first = await burst(stack.redirector.httpUrl, abFirst ? abPaths : paths, AB_BURST_SECONDS);
      const second = await burst(stack.redirector.httpUrl, abFirst ? paths : abPaths, AB_BURST_SECONDS);
      const [ab, plain] = abFirst ? [first, second] : [second, first];
      abPaired.push(ab.requestsPerSecond / plain.requestsPerSecond);
      abCpu.push(ab.cpuMicrosPerRequest);
      plainCpu.push(plain.cpuMicrosPerRequest);
    }
    // One link alone against one plain link alone, in alternating pairs as above.
    const plainPath = [`/${codes[0]}`];
    for (let pair = 0; pair < RULE_PAIRS; pair++) {
      const swap = (round + pair) % 2 === 0;
      for (const [paired, cpu, mainThread, path, headers] of [
        [rulesPaired, rulesCpu, rulesMainThread, `/${rulesCode}`, HEADERS],
        [cardPaired, cardCpu, cardMainThread, `/${cardCode}`, CRAWLER_HEADERS],
      ] as const) {
        const first = await burst(
          stack.redirector.httpUrl,
          swap ? [path] : plainPath,
          AB_BURST_SECONDS,
          headers,
        );
        const second = await burst(
          stack.redirector.httpUrl,
          swap ? plainPath : [path],
          AB_BURST_SECONDS,
          headers,
        );
        const [measured, plain] = swap ? [first, second] : [second, first];
        paired.push(measured.requestsPerSecond / plain.requestsPerSecond);
        cpu[0].push(measured.cpuMicrosPerRequest);
        cpu[1].push(plain.cpuMicrosPerRequest);
        mainThread[0].push(measured.mainThreadMicrosPerRequest);
        mainThread[1].push(plain.mainThreadMicrosPerRequest);
      }
    }
    if (RULE_PAIRS > 0) await checkRulesAndCard();
    const base = results.base as Measured;
    const redir = results.redir as Measured;
    all.base.push(base);
    all.redir.push(redir);
    const ratio = redir.requestsPerSecond / base.requestsPerSecond;
    ratios.push(ratio);
    cpuRatios.push(base.cpuMicrosPerRequest / redir.cpuMicrosPerRequest);
    print(
      `  round ${String(round).padStart(2)}: baseline ${row(base)} | redirector ${row(redir)} | ratio ${ratio.toFixed(2)}`,
    );
  }
  load.close();
  await baseline.close();
  const ratio = median(ratios);
  print(
    `  median: baseline ${Math.round(median(all.base.map((r) => r.requestsPerSecond)))} rps, redirector ${Math.round(
      median(all.redir.map((r) => r.requestsPerSecond)),
    )} rps (p50 ${median(all.redir.map((r) => r.p50Ms))} ms, p99 ${median(all.redir.map((r) => r.p99Ms))} ms)`,
  );
  print(
    `  server CPU per request (median): baseline ${Math.round(median(all.base.map((r) => r.cpuMicrosPerRequest)))} µs, redirector ${Math.round(
      median(all.redir.map((r) => r.cpuMicrosPerRequest)),
    )} µs: CPU ratio ${median(cpuRatios).toFixed(2)} (the same comparison, insensitive to what else the machine runs)`,
  );
  // The verdict is the median of the paired rounds (each pair ran back to back, so it shared the
  // machine's state). Each server's best round is printed as well: interference mostly slows a
  // round down, but a burst of speed in one baseline round moves this figure a lot.
  const best = (results: Measured[]) => Math.max(...results.map((r) => r.requestsPerSecond));
  const bestRatio = best(all.redir) / best(all.base);
  print(
    `  best round: baseline ${Math.round(best(all.base))} rps, redirector ${Math.round(best(all.redir))} rps: ratio ${bestRatio.toFixed(2)}`,
  );
  print(
    `  redirect throughput ratio: ${ratio.toFixed(2)} median of rounds (${Math.min(...ratios).toFixed(2)}–${Math.max(
      ...ratios,
    ).toFixed(
      2,
    )}; best vs best ${bestRatio.toFixed(2)}) (target ≥ 0.60) ${ratio >= 0.6 ? "OK" : "BELOW TARGET"}`,
  );
  // Judged on the pairs of short bursts (each sharing the machine's state with its partner), not
  // on the difference of two medians, which the shared machine's swings dominate.
  const abChange = median(abPaired) - 1;
  const abRange = `${(Math.min(...abPaired) * 100 - 100).toFixed(0)}…${(Math.max(...abPaired) * 100 - 100).toFixed(0)} %`;
  print(
    `  with an A/B link among the links (every request a new visitor): ${(abChange * 100).toFixed(1)} % throughput against the same links without it (median of ${abPaired.length} pairs of ${AB_BURST_SECONDS} s bursts; ${abRange}), ratio ${(ratio * (1 + abChange)).toFixed(2)} against ${ratio.toFixed(2)}; CPU ${median(abCpu).toFixed(1)} against ${median(plainCpu).toFixed(1)} µs per request (target within 5 %) ${Math.abs(abChange) <= 0.05 ? "OK" : "OUTSIDE TARGET"}`,
  );
  // The CPU figures (this process's, per request) move far less with the machine's other load
  // than throughput does: they tell where a ratio's gap comes from when the machine is busy.
  const pairedRow = (
    name: string,
    paired: number[],
    cpu: [number[], number[]],
    mainThread: [number[], number[]],
  ) => {
    const ratioOf = median(paired);
    return `  ${name}: ${ratioOf.toFixed(2)} of the plain link's throughput (median of ${paired.length} pairs of ${AB_BURST_SECONDS} s bursts; ${Math.min(...paired).toFixed(2)}–${Math.max(...paired).toFixed(2)}); CPU ${median(cpu[0]).toFixed(1)} against ${median(cpu[1]).toFixed(1)} µs per request, main thread ${median(mainThread[0]).toFixed(1)} against ${median(mainThread[1]).toFixed(1)} (target ≥ 0.90) ${ratioOf >= 0.9 ? "OK" : "BELOW TARGET"}`;
  };
  if (RULE_PAIRS > 0) {
    print(pairedRow("a link with 20 rules, the last one matching", rulesPaired, rulesCpu, rulesMainThread));
    print(
      pairedRow(
        "a preview card answered to a crawler (against the plain link asked by it)",
        cardPaired,
        cardCpu,
        cardMainThread,
      ),
    );
  }

  if (!INGEST) {
    print("Ingest and exactness: skipped (BENCH_INGEST=0)");
  } else {
    print(`Ingest: the click events of ~${redirects} redirects → analytics-ingest → ClickHouse (chDB)`);
    const analytics = await stack.startAnalytics();
    const clicksWritten = 'kurz_ingest_rows_written_total{table="clicks_v1"}';
    let firstAt = 0;
    let firstWritten = 0;
    let written = 0;
    const deadline = Date.now() + 600_000;
    for (;;) {
      if (Date.now() > deadline) throw new Error(`ingest stalled at ${written} rows`);
      // Lag and pending first: once both are 0 every row is written (a batch is committed only
      // after its write), so the count read after them is final.
      const lag = await metric(analytics.httpUrl, "kurz_ingest_consumer_lag_total");
      const pending = await metric(analytics.httpUrl, 'kurz_ingest_pending_rows{table="clicks_v1"}');
      written = await metric(analytics.httpUrl, clicksWritten);
      if (firstAt === 0 && written > 0) {
        firstAt = Date.now();
        firstWritten = written;
      }
      if (written > 0 && lag === 0 && pending === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const seconds = (Date.now() - firstAt) / 1000;
    const rate = seconds > 0 ? (written - firstWritten) / seconds : Number.POSITIVE_INFINITY;
    print(
      `  ${written} click events stored; ${written - firstWritten} after the first batch in ${seconds.toFixed(2)} s: ${Math.round(
        rate,
      )} events/s (target ≥ 20000) ${rate >= 20_000 ? "OK" : "BELOW TARGET"}`,
    );

    let totalRequests = 0;
    let humanClicks = 0;
    for (const code of [...codes, abCode, rulesCode, cardCode]) {
      const stats = await fetch(`${stack.edgeUrl}/api/v1/analytics/${code}?period=7d`, {
        headers: { authorization: `Bearer ${token}` },
      });
      const counts = (
        (await stats.json()) as { analytics: { counts: { totalRequests: number; clicks: number } } }
      ).analytics.counts;
      totalRequests += counts.totalRequests;
      humanClicks += counts.clicks;
    }
    // autocannon counts the responses it read; requests still in flight when a round ends were
    // redirected (and recorded) too, so up to one per connection and redirector burst more may be
    // stored.
    const exact =
      totalRequests === written &&
      written >= redirects &&
      written <= redirects + CONNECTIONS * ROUNDS * (1 + 2 * AB_PAIRS + 4 * RULE_PAIRS);
    print(
      `Exactness: analytics API reports ${totalRequests} requests (${humanClicks} human clicks) over ${LINKS + 3} links; ${written} events stored; autocannon read ${redirects} responses: ${
        exact ? "OK" : "MISMATCH"
      }`,
    );
    process.exitCode = exact ? 0 : 1;
  }
} finally {
  await stack.stop();
}
