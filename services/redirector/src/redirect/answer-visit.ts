import type { IncomingMessage } from "node:http";
import type { PreviewCard, VisitDecision } from "@kurz/redirect-rules";
import type { AbRoute } from "../abtests/route-ab-test";
import type { CachedLink, RenderedCard } from "../links/cached-link";
import { renderPreviewCard } from "../pages/render-preview-card";
import { abRouteOfVisit } from "./ab-route-of-visit";
import { decideLinkVisit, type VisitDeciding } from "./decide-link-visit";
import { planRedirect, type VisitMethod } from "./plan-redirect";
import type { VisitHeaders, VisitorReader } from "./visitor-reader";

export interface VisitAnswer {
  status: number;
  /** Header names and values, alternating (what writeHead takes). */
  head: string[];
  /** Empty for a redirect. */
  body: Buffer;
  /** The same body as text ("" for a redirect), encoded as `encoding` says: see RenderedCard. */
  text: string;
  encoding: "latin1" | "utf8";
  clickId: string;
  route: AbRoute | undefined;
  /** The decision of a link with rules, deep links or a card; undefined for other links. */
  decided: VisitDecision<AbRoute> | undefined;
}

export interface AnswerDeps {
  deciding: VisitDeciding;
  visitors: VisitorReader;
  staticMaxAgeSeconds: number;
}

const NO_BODY = Buffer.alloc(0);
const HTML_HEAD = [
  "content-type",
  "text/html; charset=utf-8",
  "cache-control",
  "no-store",
  "x-robots-tag",
  "noindex",
];
// Printable ASCII and the whitespace a page holds: such a page's latin1 bytes are its UTF-8 bytes.
const ASCII_PAGE = /^[\t\n\r\x20-\x7e]*$/;

function renderCard(card: PreviewCard, shortUrl: string, destination: string): RenderedCard {
  const text = renderPreviewCard(card, shortUrl, destination);
  const bytes = Buffer.from(text, "utf8");
  return {
    destination,
    shortUrl,
    bytes,
    text,
    encoding: ASCII_PAGE.test(text) ? "latin1" : "utf8",
    head: [...HTML_HEAD, "content-length", String(bytes.length)],
  };
}

/**
 * The answer to a visitor who may go through (not expired, password settled, cap counted), shared
 * by the fast path and fastify. A link without rules, deep links nor a card is answered as before:
 * A/B route, then its URL, no Visitor built. Any other link goes through decideVisit and answers
 * 302 no-store (the answer depends on the visitor), or, to a link-preview crawler, 200 with the
 * card page refreshing to the same destination (query forwarded, click id appended, as a redirect).
 */
export function answerVisit(
  link: CachedLink,
  method: VisitMethod,
  nowMs: number,
  request: IncomingMessage,
  headers: VisitHeaders,
  ip: string,
  deps: AnswerDeps,
): VisitAnswer {
  const decision = link.decision;
  const requestUrl = request.url ?? "";
  let route: AbRoute | undefined;
  let decided: VisitDecision<AbRoute> | undefined;
  if (decision === undefined) {
    route = abRouteOfVisit(link, method, request, headers, deps.deciding.abRouting);
  } else {
    decided = decideLinkVisit(link, decision, method, request, headers, ip, nowMs, deps.deciding);
    route = decided.abTest;
  }
  const plan = planRedirect(link, method, nowMs, deps.staticMaxAgeSeconds, requestUrl, decided ?? route);
  if (decided?.matched === "preview" && method !== "POST" && decision?.card !== undefined) {
    const s = link.snapshot;
    const shortUrl = `${deps.visitors.secure(request, headers) ? "https" : "http"}://${s.host}/${s.code}`;
    let page = link.renderedCard;
    if (page === undefined || page.destination !== plan.location || page.shortUrl !== shortUrl) {
      page = renderCard(decision.card, shortUrl, plan.location);
      link.renderedCard = page;
    }
    return {
      status: 200,
      // Shared by every answer of this page: writeHead only reads it.
      head: page.head as string[],
      body: page.bytes,
      text: page.text,
      encoding: page.encoding,
      clickId: plan.clickId,
      route,
      decided,
    };
  }
  // A flat header list and an explicit empty body: no header object to walk, no chunked framing.
  const head = ["location", plan.location, "cache-control", plan.cacheControl, "content-length", "0"];
  if (route?.setCookie !== undefined) head.push("set-cookie", route.setCookie);
  return {
    status: plan.status,
    head,
    body: NO_BODY,
    text: "",
    encoding: "latin1",
    clickId: plan.clickId,
    route,
    decided,
  };
}
