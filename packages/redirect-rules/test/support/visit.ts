import { createUserAgentClassifier } from "@kurz/click-enrichment";
import { z } from "zod";
import {
  type CompiledRules,
  compileRules,
  createVisitor,
  rulesSchema,
  type VisitInput,
  type Visitor,
} from "../../src";

export const userAgents = {
  iphone:
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1",
  samsung:
    "Mozilla/5.0 (Linux; Android 14; SM-S911B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/23.0 Chrome/115.0.0.0 Mobile Safari/537.36",
  chromebook:
    "Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36",
  ubuntuFirefox: "Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:120.0) Gecko/20100101 Firefox/120.0",
  windowsEdge:
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 Edg/120.0.0.0",
  macOpera:
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 OPR/105.0.0.0",
  ipadChrome:
    "Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/120.0 Mobile/15E148 Safari/604.1",
  curl: "curl/8.5.0",
} as const;

const classify = createUserAgentClassifier();

export type VisitFields = Partial<Omit<VisitInput, "userAgent">> & { userAgent?: string };

/** A visitor as the redirector would build it, from raw request fields. */
export function visit(fields: VisitFields = {}): Visitor {
  const { userAgent = userAgents.windowsEdge, time = Date.parse("2026-06-01T12:00:00Z"), ...rest } = fields;
  return createVisitor({ ...rest, userAgent: classify(userAgent), time });
}

export const destination = z.url({ protocol: /^https?$/ });
export const schema = rulesSchema(destination);

/** Validates then compiles rules written as a link's API input. */
export function compile(input: unknown): CompiledRules {
  return compileRules(schema.parse(input));
}

/** One rule holding the given conditions, compiled. */
export function oneRule(...conditions: unknown[]): CompiledRules {
  return compile([{ id: "r1", destination_url: "https://example.com/rule", conditions }]);
}
