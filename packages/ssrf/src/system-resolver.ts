import type { LookupAddress } from "node:dns";
import { lookup } from "node:dns/promises";

/** Every address a name resolves to. Injectable so tests can play a rebinding DNS server. */
export type Resolver = (hostname: string) => Promise<readonly LookupAddress[]>;

/** getaddrinfo, as node's sockets would use it, with every answer in the resolver's order. */
export const systemResolver: Resolver = (hostname) => lookup(hostname, { all: true, verbatim: true });
