import { createTxtLookup, type TxtAnswer } from "@kurz/service-runtime";

export type TxtLookup = TxtAnswer;

/** The DNS side of branded-domain verification. */
export interface DomainVerifier {
  /** TXT records at name, each record's strings joined (RFC 7208 §3.3 style). */
  lookupTxt(name: string): Promise<TxtLookup>;
}

/** A real resolver (@kurz/service-runtime's TXT lookup) with configurable servers. */
export function createDnsDomainVerifier(options: {
  servers: readonly string[];
  timeoutMs: number;
}): DomainVerifier {
  return { lookupTxt: createTxtLookup(options) };
}
