import type { ScenarioRun } from "./run-scenario";

export interface Verdict {
  passed: boolean;
  /** One line per check that did not pass: `id STATUS: message`. */
  problems: string[];
}

/**
 * A scenario passes when every check it recorded is SUCCESS or INFO and at least one is SUCCESS.
 * INFO is the suite's log of what it sent and saw (it counts neither passed nor failed); a
 * scenario with nothing but INFO tested nothing. WARNING (a SHOULD missed), SKIPPED and FAILURE
 * fail it: none of the scenarios run here records a WARNING against Kurz today.
 */
export function judgeRun(run: ScenarioRun): Verdict {
  const problems = run.checks
    .filter((check) => check.status !== "SUCCESS" && check.status !== "INFO")
    .map((check) => `${check.id} ${check.status}: ${check.errorMessage ?? check.description}`);
  if (problems.length === 0 && !run.checks.some((check) => check.status === "SUCCESS")) {
    problems.push(`no check succeeded (${run.checks.length} recorded, all INFO)`);
  }
  return { passed: problems.length === 0, problems };
}
