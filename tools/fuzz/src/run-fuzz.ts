import fc from "fast-check";
import { type Finding, type FuzzCase, replayLine } from "./fuzz-case";
import type { FuzzTarget } from "./fuzz-target";
import { findStoredJunk } from "./oracle/find-stored-junk";
import { judgeAnswer } from "./oracle/judge-answer";
import { sendCase } from "./send-case";
import { dashboardSurface } from "./surfaces/dashboard-surface";
import { mcpSurface } from "./surfaces/mcp-surface";
import { openApiSurface, type Surface } from "./surfaces/openapi-surface";
import { pageSurface } from "./surfaces/page-surface";
import { rawAsCase, rawSocketCases, sendRaw } from "./surfaces/raw-socket-cases";
import { regressionCorpus } from "./surfaces/regression-corpus";

export interface FuzzOptions {
  seed: number;
  /** Random cases per route (the fixed corpus and raw cases run once each on top). */
  runsPerRoute: number;
  /** Only routes whose name contains this. */
  only?: string;
  /** Progress lines. */
  log?: (line: string) => void;
}

export interface RouteReport {
  route: string;
  surface: string;
  cases: number;
  /** Cases Node would not send (a header value it refuses to write): no verdict. */
  skipped: number;
  /** Answers by status: proof the cases reached handlers, not only the validators. */
  statuses: Record<number, number>;
  findings: Array<Finding & { replay: string }>;
}

export interface FuzzReport {
  seed: number;
  runsPerRoute: number;
  routes: RouteReport[];
  /** Routes of the OpenAPI document that no case reached. */
  uncovered: string[];
}

const firstIdOf = (value: unknown): string | undefined => {
  if (!value || typeof value !== "object") return undefined;
  for (const item of Object.values(value)) {
    if (
      item &&
      typeof item === "object" &&
      !Array.isArray(item) &&
      typeof (item as { id?: unknown }).id === "string"
    ) {
      return (item as { id: string }).id;
    }
  }
  return undefined;
};

/** Judges one case: its answer, and after a create or update, what was stored. */
async function runCase(
  target: FuzzTarget,
  fuzzCase: FuzzCase,
  statuses: Record<number, number>,
): Promise<Finding[] | undefined> {
  const answer = await sendCase(target.port, fuzzCase);
  if (!answer) return undefined;
  statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
  const findings = judgeAnswer(fuzzCase, answer);
  const changed = ["POST", "PATCH", "PUT"].includes(fuzzCase.method);
  if (
    !changed ||
    answer.status < 200 ||
    answer.status >= 300 ||
    !answer.headers["content-type"]?.includes("json")
  ) {
    return findings;
  }
  let stored: unknown;
  try {
    stored = JSON.parse(answer.body);
  } catch {
    return findings;
  }
  const junk = findStoredJunk(stored, fuzzCase.sent);
  if (junk) findings.push({ kind: "stored junk", detail: junk });
  // Read a created resource back, as a client would see it later.
  const id = firstIdOf(stored);
  const path = fuzzCase.target.split("?")[0] ?? "";
  if (fuzzCase.method === "POST" && id && path.startsWith("/api/v1/") && !path.includes("conversions")) {
    const back = await sendCase(target.port, {
      route: fuzzCase.route,
      method: "GET",
      target: `${path}/${encodeURIComponent(id)}`,
      headers: { authorization: `Bearer ${target.accessToken}` },
      sent: fuzzCase.sent,
    });
    if (back?.status === 200) {
      try {
        const again = findStoredJunk(JSON.parse(back.body), fuzzCase.sent);
        if (again) findings.push({ kind: "stored junk", detail: `read back: ${again}` });
      } catch {
        // Not JSON (an image): nothing stored to judge.
      }
    }
  }
  return findings;
}

/**
 * Runs every surface against a running Kurz: the fixed regression corpus and the raw-socket
 * cases once each, then `runsPerRoute` generated cases per route (fast-check, one seed per route
 * derived from `seed`, a failing case shrunk to a small one). Nothing stops at the first finding:
 * every route is run and reported.
 */
export async function runFuzz(target: FuzzTarget, options: FuzzOptions): Promise<FuzzReport> {
  const log = options.log ?? (() => undefined);
  const routes: RouteReport[] = [];
  const wanted = (name: string) => options.only === undefined || name.includes(options.only);

  const fixed = new Map<string, RouteReport>();
  const reportFor = (route: string, surface: string) => {
    let report = fixed.get(route);
    if (!report) {
      report = { route, surface, cases: 0, skipped: 0, statuses: {}, findings: [] };
      fixed.set(route, report);
      routes.push(report);
    }
    return report;
  };
  for (const fuzzCase of regressionCorpus(target).filter((c) => wanted(c.route))) {
    const report = reportFor(fuzzCase.route, "regression");
    const findings = await runCase(target, fuzzCase, report.statuses);
    if (!findings) report.skipped++;
    else report.cases++;
    for (const finding of findings ?? [])
      report.findings.push({ ...finding, replay: replayLine(target.base, fuzzCase) });
  }
  for (const rawCase of rawSocketCases(target.port).filter((c) => wanted(c.route))) {
    const report = reportFor(rawCase.route, "raw");
    const answer = await sendRaw(target.port, rawCase);
    report.cases++;
    report.statuses[answer.status] = (report.statuses[answer.status] ?? 0) + 1;
    for (const finding of judgeAnswer(rawAsCase(rawCase), answer)) {
      report.findings.push({
        ...finding,
        replay: `raw bytes: ${JSON.stringify(rawCase.bytes.toString("latin1").slice(0, 160))}`,
      });
    }
  }

  const surfaces: Surface[] = [
    openApiSurface(target),
    pageSurface(target),
    mcpSurface(target),
    dashboardSurface(target),
  ];
  let index = 0;
  for (const surface of surfaces) {
    for (const { route, cases } of surface.routes) {
      index++;
      if (!wanted(route)) continue;
      const report: RouteReport = {
        route,
        surface: surface.name,
        cases: 0,
        skipped: 0,
        statuses: {},
        findings: [],
      };
      routes.push(report);
      // The first failing case and what it broke: kept even when the shrunk case does not fail
      // again (a finding that depends on timing or on what earlier cases stored).
      let first: { fuzzCase: FuzzCase; findings: Finding[] } | undefined;
      const result = await fc.check(
        fc.asyncProperty(cases, async (fuzzCase) => {
          const findings = await runCase(target, fuzzCase, report.statuses);
          if (!findings) {
            report.skipped++;
            return true;
          }
          report.cases++;
          if (findings.length > 0 && !first) first = { fuzzCase, findings };
          return findings.length === 0;
        }),
        {
          seed: options.seed + index,
          numRuns: options.runsPerRoute,
          interruptAfterTimeLimit: Math.max(30_000, options.runsPerRoute * 500),
          markInterruptAsFailure: false,
        },
      );
      if (first) {
        for (const finding of first.findings) {
          report.findings.push({ ...finding, replay: replayLine(target.base, first.fuzzCase) });
        }
      }
      if (result.failed && result.counterexample) {
        const [smallest] = result.counterexample as [FuzzCase];
        for (const finding of (await runCase(target, smallest, {})) ?? []) {
          report.findings.push({
            ...finding,
            detail: `shrunk: ${finding.detail}`,
            replay: replayLine(target.base, smallest),
          });
        }
      }
      log(
        `${route}: ${report.cases} cases (${report.skipped} not sendable), ${report.findings.length} findings, answers ${JSON.stringify(report.statuses)}`,
      );
    }
  }
  const uncovered = routes.filter((r) => r.surface === "openapi" && r.cases === 0).map((r) => r.route);
  return { seed: options.seed, runsPerRoute: options.runsPerRoute, routes, uncovered };
}
