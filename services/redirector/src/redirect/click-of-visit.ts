import type { IncomingMessage } from "node:http";
import { clicksV1 } from "@kurz/proto";
import type { ClickEvent } from "../events/encode-click-event";
import type { CachedLink } from "../links/cached-link";
import type { VisitMethod } from "./plan-redirect";
import { readRequestUtm } from "./read-request-utm";
import type { VisitHeaders } from "./visitor-reader";

const METHODS: Record<VisitMethod, number> = {
  GET: clicksV1.RequestMethod.GET,
  HEAD: clicksV1.RequestMethod.HEAD,
  POST: clicksV1.RequestMethod.POST,
};

/** The click event of one answered visit. A/B fields stay empty until tests route links. */
export function clickOfVisit(
  link: CachedLink,
  clickId: string,
  method: VisitMethod,
  nowMs: number,
  request: IncomingMessage,
  headers: VisitHeaders,
  ip: string,
): ClickEvent {
  const s = link.snapshot;
  return {
    clickId,
    clickedAtMs: nowMs,
    accountId: s.accountId,
    linkId: s.linkId,
    host: s.host,
    code: s.code,
    destinationUrl: s.destinationUrl,
    qr: s.qr,
    abTestId: "",
    variantId: "",
    userAgent: headers.userAgent,
    referrer: headers.referrer,
    utm: readRequestUtm(request.url ?? ""),
    ip,
    method: METHODS[method],
    campaignId: s.campaignId,
  };
}
