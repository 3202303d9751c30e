import type { z } from "zod";

export class ConfigError extends Error {
  constructor(
    readonly service: string,
    readonly problems: string[],
  ) {
    super(`${service}: invalid configuration\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "ConfigError";
  }
}

/**
 * Parses a service's environment once, at start-up. Fails fast with one readable message that
 * lists every bad or missing variable, instead of crashing later on first use.
 */
export function parseConfig<S extends z.ZodType>(
  service: string,
  schema: S,
  env: Record<string, string | undefined> = process.env,
): z.output<S> {
  const result = schema.safeParse(env);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => {
    const name = issue.path.join(".") || "(root)";
    return `${name}: ${issue.message}`;
  });
  throw new ConfigError(service, problems);
}
