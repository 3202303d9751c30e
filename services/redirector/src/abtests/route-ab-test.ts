import type { linksV1 } from "@kurz/proto";
import type { VisitMethod } from "../redirect/plan-redirect";
import type { AbCookies } from "./ab-cookie";
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
 * 2. a verified cookie naming a variant of this test: that variant (sticky, whatever the hash or
 *    the weights say now; the redirector chose and signed it);
 * 3. otherwise the verified cookie's visitor id, or a new one, hashed into the weights. The cookie
 *    is written when it was absent, malformed, forged or named an unknown variant; a verified
 *    cookie holding only a visitor id is left as it is (the hash gives that visitor the same
 *    variant every time). A cookie that does not verify never lends its visitor id: a client
 *    choosing ids could otherwise pick ones the hash sends to the arm it wants.
 * `secure` (the visit came over https) adds `Secure` to a cookie written.
 */
export function routeAbTest(
  snapshot: linksV1.LinkSnapshot,
  method: VisitMethod,
  bot: boolean,
  cookieHeader: string | undefined,
  cookies: AbCookies,
  secure: boolean,
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
  const cookie = cookies.read(cookieHeader, snapshot.abTestId);
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
    setCookie: rewrite ? cookies.format(snapshot.abTestId, visitorId, variant.variantId, secure) : undefined,
    exposure: true,
  };
}
