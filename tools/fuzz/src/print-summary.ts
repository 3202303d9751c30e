import type { FuzzReport } from "./run-fuzz";

const KINDS = ["5xx", "hang", "leak", "bad error body", "stored junk"] as const;

/** The summary a run prints: coverage, counts by kind, and every finding with its replay line. */
export function formatSummary(report: FuzzReport): string {
  const lines: string[] = [];
  const cases = report.routes.reduce((sum, r) => sum + r.cases, 0);
  const counts = Object.fromEntries(KINDS.map((k) => [k, 0])) as Record<(typeof KINDS)[number], number>;
  for (const route of report.routes) for (const finding of route.findings) counts[finding.kind]++;
  const bySurface = new Map<string, number>();
  for (const route of report.routes) bySurface.set(route.surface, (bySurface.get(route.surface) ?? 0) + 1);
  const perRoute = report.routes
    .filter((r) => r.surface === "openapi" || r.surface === "pages")
    .map((r) => r.cases);
  lines.push(`fuzz: seed ${report.seed}, ${report.runsPerRoute} generated cases per route`);
  lines.push(
    `routes: ${report.routes.length} (${[...bySurface].map(([s, n]) => `${s} ${n}`).join(", ")}); cases: ${cases}` +
      (perRoute.length > 0
        ? ` (per generated route: min ${Math.min(...perRoute)}, max ${Math.max(...perRoute)})`
        : ""),
  );
  const statuses: Record<string, number> = {};
  for (const route of report.routes) {
    for (const [status, n] of Object.entries(route.statuses)) {
      const bucket = `${String(status)[0]}xx`;
      statuses[bucket] = (statuses[bucket] ?? 0) + n;
    }
  }
  lines.push(
    `answers: ${Object.entries(statuses)
      .sort()
      .map(([s, n]) => `${n} × ${s}`)
      .join(", ")}`,
  );
  lines.push(`findings: ${KINDS.map((k) => `${counts[k]} × ${k}`).join(", ")}`);
  if (report.uncovered.length > 0) lines.push(`uncovered routes: ${report.uncovered.join(", ")}`);
  for (const route of report.routes) {
    for (const finding of route.findings) {
      lines.push(`- [${finding.kind}] ${route.route}: ${finding.detail}`);
      lines.push(`    replay (seed ${report.seed}): ${finding.replay}`);
    }
  }
  return lines.join("\n");
}

/** Whether the run keeps every promise (and reached every route). */
export function isClean(report: FuzzReport): boolean {
  return report.uncovered.length === 0 && report.routes.every((r) => r.findings.length === 0);
}
