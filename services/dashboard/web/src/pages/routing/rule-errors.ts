import type { ApiError } from "../../api/api-error";

/**
 * Where a refusal of the rules belongs: `rule:1` (the rule itself), `rule:1:destination_url`,
 * `rule:1:name`, `cond:1:0` (a condition of it). Keys of the map RuleErrors.
 */
export type RuleErrors = Map<string, string>;

export const ruleKey = (rule: number, field?: string) => (field ? `rule:${rule}:${field}` : `rule:${rule}`);
export const conditionKey = (rule: number, condition: number) => `cond:${rule}:${condition}`;

const PATH =
  /^\/?(?:body[./])?rules(?:\[(\d+)\]|\/(\d+))(?:(?:\.|\/)conditions(?:\[(\d+)\]|\/(\d+)))?(?:(?:\.|\/)([a-z_]+))?/;

/** Files one `rules[i].conditions[j]…: message` line (or a path and its message) under its key. */
function file(errors: RuleErrors, path: string, message: string): boolean {
  const match = PATH.exec(path);
  if (!match) return false;
  const rule = Number(match[1] ?? match[2]);
  const condition = match[3] ?? match[4];
  const key =
    condition !== undefined
      ? conditionKey(rule, Number(condition))
      : match[5] === "destination_url" || match[5] === "name"
        ? ruleKey(rule, match[5])
        : ruleKey(rule);
  if (!errors.has(key)) errors.set(key, message);
  return true;
}

/** Splits `rules[1].conditions[0].values[2]: must be …` into its path and its words. */
function splitLine(line: string): [string, string] | undefined {
  const at = line.indexOf(": ");
  return at > 0 ? [line.slice(0, at).trim(), line.slice(at + 2).trim()] : undefined;
}

/**
 * The refusals of a saved `rules` array, each under the rule or condition its path names: the
 * validation issues' paths, or the path prefix of their messages (the API's one-line form).
 */
export function ruleErrorsOf(error: ApiError): RuleErrors {
  const errors: RuleErrors = new Map();
  const details = error.details ?? {};
  const issues = Array.isArray(details["issues"]) ? (details["issues"] as unknown[]) : [];
  for (const issue of issues) {
    if (typeof issue !== "object" || issue === null) continue;
    const { path, message } = issue as { path?: unknown; message?: unknown };
    if (typeof message !== "string") continue;
    const line = splitLine(message);
    if (line && file(errors, line[0], line[1])) continue;
    if (typeof path === "string") file(errors, path, message);
  }
  if (errors.size === 0) {
    for (const part of error.message.split(/;\s*|\n/)) {
      const line = splitLine(part);
      if (line) file(errors, line[0], line[1]);
    }
  }
  return errors;
}
