import type { IncomingMessage } from "node:http";
import type { LazyGeoLocator, UserAgentInfo } from "@kurz/click-enrichment";
import {
  type AcceptedLanguage,
  createVisitor,
  decideVisit,
  isLinkPreviewCrawler,
  type LinkDecision,
  type VisitDecision,
  type VisitPlace,
} from "@kurz/redirect-rules";
import type { AbRoute } from "../abtests/route-ab-test";
import type { CachedLink } from "../links/cached-link";
import { type AbRouting, abRouteOfVisit } from "./ab-route-of-visit";

import type { VisitMethod } from "./plan-redirect";
import { readAcceptLanguage } from "./read-accept-language";
import type { VisitHeaders } from "./visitor-reader";

/** What deciding a visit of a link with rules, deep links or a card needs besides the request. */
export interface VisitDeciding {
  /** @kurz/click-enrichment's classifier, cached per User-Agent. */
  classify(userAgent: string): UserAgentInfo;
  /** @kurz/redirect-rules' Accept-Language parser, cached per header value. */
  languages(acceptLanguage: string): readonly AcceptedLanguage[];
  geo: LazyGeoLocator;
  abRouting: AbRouting;
}

const UNKNOWN_PLACE: VisitPlace = {};
const NOWHERE = () => UNKNOWN_PLACE;

function locatePlace(geo: LazyGeoLocator, ip: string): VisitPlace {
  const place = geo.locate(ip);
  return { country: place.country, region: place.regionCode, city: place.city };
}

function queryOf(url: string): string {
  const mark = url.indexOf("?");
  return mark === -1 ? "" : url.slice(mark + 1);
}

/**
 * The Visitor of one request and decideVisit over it (the API's simulator runs the same
 * function). Called only for links with a decision; the address is located only when a rule's
 * geo condition is reached (the caller made sure the database is open). The A/B split runs only when no
 * deep link nor rule decided, so a visitor sent elsewhere gets no test cookie and is no exposure.
 */
export function decideLinkVisit(
  link: CachedLink,
  decision: LinkDecision,
  method: VisitMethod,
  request: IncomingMessage,
  headers: VisitHeaders,
  ip: string,
  nowMs: number,
  deps: VisitDeciding,
): VisitDecision<AbRoute> {
  // Only what the link's rules read is parsed (deep links and cards need the User-Agent alone);
  // the address is located only if a geo condition is reached.
  const reads = decision.inputs.rules.reads;
  const visitor = createVisitor({
    userAgent: deps.classify(headers.userAgent),
    languages: reads.languages ? deps.languages(readAcceptLanguage(request)) : undefined,
    locate: reads.geo ? () => locatePlace(deps.geo, ip) : NOWHERE,
    ip: reads.ip ? ip : null,
    referer: reads.referrer ? headers.referrer : null,
    query: reads.query ? queryOf(request.url ?? "") : null,
    time: nowMs,
  });
  const crawler = decision.inputs.hasCard && isLinkPreviewCrawler(headers.userAgent);
  const s = link.snapshot;
  // Only a link under a running test needs the A/B hook (abRouteOfVisit answers undefined for
  // any other): the others are decided from the inputs as compiled, without a copy of them and a
  // closure per visit.
  if (s.abTestId === "" || s.abVariants.length < 2)
    return decideVisit<AbRoute>(decision.inputs, { visitor, crawler });
  return decideVisit(
    {
      ...decision.inputs,
      abTest: () => abRouteOfVisit(link, method, request, headers, deps.abRouting),
    },
    { visitor, crawler },
  );
}
