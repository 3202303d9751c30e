import type { z } from "zod";

function pathOf(path: readonly PropertyKey[]): string {
  let text = "rules";
  for (const key of path) text += typeof key === "number" ? `[${key}]` : `.${String(key)}`;
  return text;
}

/**
 * One line per problem, naming the offending path: "rules[0].conditions[1].values[0]: must be an
 * ISO 3166-1 alpha-2 code such as DE". Stable: API responses and tests rely on these lines.
 */
export function describeRuleIssues(error: z.ZodError): string[] {
  return error.issues.map((issue) => `${pathOf(issue.path)}: ${issue.message}`);
}
