import ipaddr from "ipaddr.js";
import type { LanguageTable } from "./language-table";
import type { AcceptedLanguage } from "./parse-accept-language";
import type { Condition } from "./rule-schema";
import type { Visitor } from "./visitor";

/**
 * A condition ready for the hot path: everything parsed at compile time, `matches` neither parses
 * nor allocates. `label` and `observed` exist for explanations only; evaluation and explanation
 * both decide through `matches`.
 */
export interface CompiledCondition {
  /** The condition as written in explanations: "country DE, AT". */
  readonly label: string;
  matches(visitor: Visitor): boolean;
  /** What the visitor had for this condition: "AT", "fr-FR, en;q=0.8", "unknown". */
  observed(visitor: Visitor): string;
}

const UNKNOWN = "unknown";

function formatLanguages(languages: readonly AcceptedLanguage[]): string {
  if (languages.length === 0) return "none";
  return languages.map((l) => (l.q === 1 ? l.tag : `${l.tag};q=${l.q}`)).join(", ");
}

function inSet(
  label: string,
  values: readonly string[],
  read: (visitor: Visitor) => string | null,
): CompiledCondition {
  const set = new Set(values);
  return {
    label: `${label} ${values.join(", ")}`,
    matches: (visitor) => {
      const value = read(visitor);
      return value !== null && set.has(value);
    },
    observed: (visitor) => read(visitor) ?? UNKNOWN,
  };
}

function language(values: readonly string[], table: LanguageTable): CompiledCondition {
  // A bare primary subtag ("de") accepts any tag with that primary subtag; a tag with subtags
  // ("pt-BR") accepts only that exact tag. Both case-insensitive. Decided by the link's table.
  const index = table.add(values);
  return {
    label: `language ${values.join(", ")}`,
    matches: (visitor) => table.matches(visitor.languages, index),
    observed: (visitor) => formatLanguages(visitor.languages),
  };
}

function ipRanges(values: readonly string[]): CompiledCondition {
  const ranges = values.map((v) => ipaddr.parseCIDR(v));
  return {
    label: `ip ${values.join(", ")}`,
    matches: (visitor) => {
      const ip = visitor.ip;
      if (ip === null) return false;
      const kind = ip.kind();
      for (let i = 0; i < ranges.length; i++) {
        const [range, bits] = ranges[i] as [ipaddr.IPv4 | ipaddr.IPv6, number];
        // match() throws across address families; a visitor's IPv4-mapped IPv6 address was
        // already turned into IPv4 when the Visitor was built.
        if (range.kind() === kind && ip.match(range, bits)) return true;
      }
      return false;
    },
    observed: (visitor) => visitor.ip?.toString() ?? UNKNOWN,
  };
}

function referrerHost(values: readonly string[]): CompiledCondition {
  // "example.com" accepts example.com and its subdomains (news.example.com), never a host that
  // merely ends with the same letters (badexample.com).
  const exact = new Set(values);
  const suffixes = values.map((v) => `.${v}`);
  return {
    label: `referrer_host ${values.join(", ")}`,
    matches: (visitor) => {
      const host = visitor.referrerHost;
      if (host === null) return false;
      if (exact.has(host)) return true;
      for (let i = 0; i < suffixes.length; i++) if (host.endsWith(suffixes[i] as string)) return true;
      return false;
    },
    observed: (visitor) => visitor.referrerHost ?? "none",
  };
}

function queryParam(name: string, value: string | undefined): CompiledCondition {
  return {
    label: value === undefined ? `query_param ${name}` : `query_param ${name}=${value}`,
    matches: (visitor) => (value === undefined ? visitor.query.has(name) : visitor.query.has(name, value)),
    observed: (visitor) => {
      const found = visitor.query.getAll(name);
      return found.length === 0 ? "absent" : found.map((v) => `${name}=${v}`).join(", ");
    },
  };
}

function instant(type: "after" | "before", at: string): CompiledCondition {
  const time = Date.parse(at);
  return {
    label: `${type} ${new Date(time).toISOString()}`,
    // A half-open window: `after` includes its instant, `before` excludes its own, so
    // after T and before T on two rules hand over at T with neither gap nor overlap.
    matches: type === "after" ? (visitor) => visitor.time >= time : (visitor) => visitor.time < time,
    observed: (visitor) => new Date(visitor.time).toISOString(),
  };
}

/** One condition; `languages` is the table every language condition of the same rules shares. */
export function compileCondition(condition: Condition, languages: LanguageTable): CompiledCondition {
  switch (condition.type) {
    case "device":
      return inSet("device", condition.values, (v) => v.device);
    case "os":
      return inSet("os", condition.values, (v) => v.os);
    case "browser":
      return inSet("browser", condition.values, (v) => v.browser);
    case "language":
      return language(condition.values, languages);
    case "country":
      return inSet("country", condition.values, (v) => v.country);
    case "region":
      return inSet("region", condition.values, (v) => v.region);
    case "city": {
      const keys = condition.values.map((c) => c.toLowerCase());
      const compiled = inSet("city", keys, (v) => v.cityKey);
      return {
        ...compiled,
        label: `city ${condition.values.join(", ")}`,
        observed: (v) => v.city ?? UNKNOWN,
      };
    }
    case "ip":
      return ipRanges(condition.values);
    case "referrer_host":
      return referrerHost(condition.values);
    case "query_param":
      return queryParam(condition.name, condition.value);
    case "after":
    case "before":
      return instant(condition.type, condition.at);
  }
}
