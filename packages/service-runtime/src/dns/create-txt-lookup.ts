import { Resolver } from "node:dns/promises";

export type TxtAnswer =
  | { ok: true; records: string[] }
  | { ok: false; reason: "no_record" | "lookup_failed"; message: string };

/** TXT records at a name, each record's strings joined (RFC 7208 §3.3 style). */
export type LookupTxt = (name: string) => Promise<TxtAnswer>;

const NO_RECORD_CODES = new Set(["ENOTFOUND", "ENODATA", "NXDOMAIN"]);

/**
 * The DNS side of proving a domain is the customer's (branded domains, single sign-on): node:dns
 * with configurable servers (production: the system's or public resolvers; tests: a DNS server on
 * 127.0.0.1). Not cached: a re-check must see a record published a minute ago.
 */
export function createTxtLookup(options: { servers: readonly string[]; timeoutMs: number }): LookupTxt {
  return async (name) => {
    const resolver = new Resolver({ timeout: options.timeoutMs, tries: 2 });
    if (options.servers.length > 0) resolver.setServers([...options.servers]);
    try {
      const records = await resolver.resolveTxt(name);
      return { ok: true, records: records.map((chunks) => chunks.join("")) };
    } catch (error) {
      const code = (error as { code?: string }).code ?? "";
      if (NO_RECORD_CODES.has(code))
        return { ok: false, reason: "no_record", message: `No TXT record at ${name}` };
      return {
        ok: false,
        reason: "lookup_failed",
        message: `DNS lookup of ${name} failed (${code || "error"})`,
      };
    }
  };
}
