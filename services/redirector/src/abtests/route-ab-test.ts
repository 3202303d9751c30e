import type { linksV1 } from "@kurz/proto";
import type { VisitMethod } from "../redirect/plan-redirect";
import { abCookieName, formatAbCookie, readAbCookie } from "./ab-cookie";
import { hashBucket } from "./hash-bucket";
import { newAbVisitorId } from "./new-ab-visitor-id";
import { pickVariant } from "./pick-variant";

export interface AbRoute {
  /** The variant's destination (the link's UTM already merged by link-api). */
  destinationUrl: string;
  variantId: string;
  /** "" for bots and HEAD requests: their cookie is neither read nor set. */
  visitorId: string;
  /** A Set-Cookie value when the visitor's cookie must be (re)written. */
  setCookie?: string | undefined;
  /**
   * A human GET/POST routed to a variant: the test's denominator counts it. Bots and HEAD requests
   * are sent to the control without one.
   */
  exposure: boolean;
}

/** The variant marked control, else the first (abtest-engine always marks one; older data may not). */
function controlOf(variants: readonly linksV1.AbVariant[]): linksV1.AbVariant {
  return variants.find((variant) => variant.control) ?? variants[0]!;
}

/**
 * Routes one visit of a link under a running test (`abVariants` not empty):
 * 1. bots and HEAD requests: the control, no cookie, no exposure;
 * 2. a cookie naming a variant of this test: that variant (sticky, whatever the hash or the
 *    weights say now);
 * 3. otherwise the cookie's visitor id, or a new one, hashed into the weights. The cookie is
 *    written when it was absent, malformed or named an unknown variant; a cookie holding only a
 *    visitor id is left as it is (the hash gives that visitor the same variant every time).
 */
export function routeAbTest(
  snapshot: linksV1.LinkSnapshot,
  method: VisitMethod,
  bot: boolean,
  cookieHeader: string | undefined,
): AbRoute {
  const variants = snapshot.abVariants;
  if (bot || method === "HEAD") {
    const control = controlOf(variants);
    return {
      destinationUrl: control.destinationUrl,
      variantId: control.variantId,
      visitorId: "",
      exposure: false,
    };
  }
  const name = abCookieName(snapshot.abTestId);
  const cookie = readAbCookie(cookieHeader, name);
  if (cookie !== undefined && cookie.variantId !== "") {
    const kept = variants.find((variant) => variant.variantId === cookie.variantId);
    if (kept !== undefined) {
      return {
        destinationUrl: kept.destinationUrl,
        variantId: kept.variantId,
        visitorId: cookie.visitorId,
        exposure: true,
      };
    }
  }
  const visitorId = cookie?.visitorId ?? newAbVisitorId();
  const variant = pickVariant(variants, hashBucket(snapshot.abTestId, visitorId));
  const rewrite = cookie === undefined || cookie.variantId !== "";
  return {
    destinationUrl: variant.destinationUrl,
    variantId: variant.variantId,
    visitorId,
    setCookie: rewrite ? formatAbCookie(name, visitorId, variant.variantId) : undefined,
    exposure: true,
  };
}
