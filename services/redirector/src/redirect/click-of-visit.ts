import type { IncomingMessage } from "node:http";
import { clicksV1 } from "@kurz/proto";
import type { VisitDecision } from "@kurz/redirect-rules";
import type { AbRoute } from "../abtests/route-ab-test";
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

/**
 * The click event of one answered visit, with the destination actually served. The A/B fields are
 * set for an exposure only (a human GET/POST routed by a running test): a bot or a HEAD request
 * sent to the control is a click of the link, not a visitor of the test. `decided` (links with
 * rules, deep links or a card) names the destination, the rule that chose it and a card answer.
 */
export function clickOfVisit(
  link: CachedLink,
  clickId: string,
  method: VisitMethod,
  nowMs: number,
  request: IncomingMessage,
  headers: VisitHeaders,
  ip: string,
  route?: AbRoute,
  decided?: VisitDecision<AbRoute>,
): ClickEvent {
  const s = link.snapshot;
  const exposure = route?.exposure === true;
  return {
    clickId,
    clickedAtMs: nowMs,
    accountId: s.accountId,
    linkId: s.linkId,
    host: s.host,
    code: s.code,
    destinationUrl: decided?.destinationUrl ?? route?.destinationUrl ?? s.destinationUrl,
    qr: s.qr,
    abTestId: exposure ? s.abTestId : "",
    variantId: exposure ? route.variantId : "",
    abVisitorId: exposure ? route.visitorId : "",
    userAgent: headers.userAgent,
    referrer: headers.referrer,
    utm: readRequestUtm(request.url ?? ""),
    ip,
    method: METHODS[method],
    campaignId: s.campaignId,
    ruleId: decided?.rule?.id ?? "",
    preview: decided?.matched === "preview",
  };
}
