import { Resolver } from "node:dns/promises";

export type TxtLookup =
  | { ok: true; records: string[] }
  | { ok: false; reason: "no_record" | "lookup_failed"; message: string };

/** The DNS side of branded-domain verification. */
export interface DomainVerifier {
  /** TXT records at name, each record's strings joined (RFC 7208 §3.3 style). */
  lookupTxt(name: string): Promise<TxtLookup>;
}

const NO_RECORD_CODES = new Set(["ENOTFOUND", "ENODATA", "NXDOMAIN"]);

/**
 * A real resolver (node:dns) with configurable servers: production uses the system's (or public
 * resolvers), tests point it at a DNS server on 127.0.0.1. Lookups are not cached here: a
 * re-check must see a record published a minute ago.
 */
export function createDnsDomainVerifier(options: {
  servers: readonly string[];
  timeoutMs: number;
}): DomainVerifier {
  return {
    async lookupTxt(name) {
      const resolver = new Resolver({ timeout: options.timeoutMs, tries: 2 });
      if (options.servers.length > 0) resolver.setServers([...options.servers]);
      try {
        const records = await resolver.resolveTxt(name);
        return { ok: true, records: records.map((chunks) => chunks.join("")) };
      } catch (error) {
        const code = (error as { code?: string }).code ?? "";
        if (NO_RECORD_CODES.has(code)) {
          return { ok: false, reason: "no_record", message: `No TXT record at ${name}` };
        }
        return {
          ok: false,
          reason: "lookup_failed",
          message: `DNS lookup of ${name} failed (${code || "error"})`,
        };
      }
    },
  };
}
