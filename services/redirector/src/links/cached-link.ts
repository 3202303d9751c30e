import { timestampMs } from "@bufbuild/protobuf/wkt";
import type { linksV1 } from "@kurz/proto";
import { type LinkDecision, linkDecisionOf } from "@kurz/redirect-rules";

/** A snapshot as the redirector keeps it: decoded once, with what each request would recompute. */
export interface CachedLink {
  readonly snapshot: linksV1.LinkSnapshot;
  /** Epoch ms after which the link is expired; undefined: never by date. */
  readonly expiresAtMs: number | undefined;
  /**
   * Rules (compiled), deep links and card; undefined for a link that needs none, whose visits
   * then build no Visitor.
   */
  readonly decision: LinkDecision | undefined;
  /**
   * The card page last rendered, reused while its destination and short URL stay the same (every
   * crawler of a link without conversion tracking): escaped and encoded once, not per visit.
   */
  renderedCard: RenderedCard | undefined;
  /**
   * This replica saw the click cap reached. Kept on the entry (not in the shared store) so an
   * exhausted link stops costing a counter round trip; a new snapshot clears it.
   */
  capReached: boolean;
}

export interface RenderedCard {
  destination: string;
  shortUrl: string;
  /** The page as UTF-8 bytes (fastify's path sends these). */
  bytes: Buffer;
  /**
   * The page as text, and how to encode it: the fast path hands Node a string, which it writes
   * in one go with the status line and headers; a Buffer is a second write (writev) of its own,
   * ~3 µs more per answer (measured on a bare server). "latin1" when the page is ASCII (the same
   * bytes, encoded without UTF-8's checks).
   */
  text: string;
  encoding: "latin1" | "utf8";
  /** Status-line headers of the answer, content-length included (what writeHead takes). */
  head: readonly string[];
}

export function toCachedLink(snapshot: linksV1.LinkSnapshot): CachedLink {
  return {
    snapshot,
    expiresAtMs: snapshot.expiresAt ? timestampMs(snapshot.expiresAt) : undefined,
    decision: linkDecisionOf(snapshot),
    renderedCard: undefined,
    capReached: false,
  };
}
