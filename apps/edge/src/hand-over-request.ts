import type { IncomingMessage, ServerResponse } from "node:http";
import type { ForwardedRequest } from "./forward-request";
import { FORWARDING_HEADERS, withForwardingHeaders } from "./forwarding-headers";

/** The lengths of the header names a hand-over replaces: Host and the forwarding headers. */
const REPLACED_LENGTHS = new Set(["host", ...FORWARDING_HEADERS].map((name) => name.length));

/**
 * A service running in the edge's own process (the embedded run): it serves a request handed to
 * it as if the request had arrived on its own port, answering on the client's connection.
 */
export type InProcessService = (request: IncomingMessage, response: ServerResponse) => void;

/**
 * Hands a request without a body to a service in the same process instead of relaying it over
 * loopback HTTP (a second parse, a client and a socket write per request; most of a redirect's
 * cost in `make start`). The service sees what the relay would have shown it: the target in
 * origin form, the forwarding headers the edge states (withForwardingHeaders, in `headers` and in
 * `rawHeaders`, which the redirector reads directly). Host is the host the client asked for
 * rather than the service's own address: the request really arrived from the client, whose
 * address a service that does not trust it takes from the socket — so host and address agree
 * with what the edge says whether or not the service believes the forwarding headers.
 * Hop-by-hop headers stay: they describe the connection the service now answers on.
 */
export function handOverRequest(
  request: IncomingMessage,
  response: ServerResponse,
  service: InProcessService,
  forwarded: ForwardedRequest,
): void {
  const headers = withForwardingHeaders(
    { ...request.headers } as Record<string, string | string[]>,
    forwarded,
  );
  headers.host = forwarded.host;
  const raw = request.rawHeaders;
  const rawHeaders: string[] = [];
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const name = raw[i] as string;
    // Length first: most headers cannot be one that is replaced and are kept without lower-casing.
    if (REPLACED_LENGTHS.has(name.length)) {
      const lower = name.toLowerCase();
      if (lower === "host" || FORWARDING_HEADERS.has(lower)) continue;
    }
    rawHeaders.push(name, raw[i + 1] as string);
  }
  rawHeaders.push("host", forwarded.host);
  if (!forwarded.probe) {
    rawHeaders.push(
      "x-forwarded-for",
      forwarded.clientAddress,
      "x-forwarded-host",
      forwarded.host,
      "x-forwarded-proto",
      "http",
    );
  }
  request.rawHeaders = rawHeaders;
  request.headers = headers;
  request.url = forwarded.path;
  service(request, response);
}
