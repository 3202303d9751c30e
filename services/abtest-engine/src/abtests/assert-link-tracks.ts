import { AppError } from "@kurz/errors";
import type { TestedLink } from "../links/link-directory";

/**
 * Refuses a test on a link that would record nothing (docs/api/ab-tests.md#link-binding): click
 * tracking off (no visit is counted), or conversion tracking off when conversions are the goal
 * (no click id, so no conversion finds its variant). 409 INVALID_STATE, `details.reason`
 * `link_tracking_off` or `link_conversion_tracking_off`: the link's owner turns it on, then tries
 * again. Refused rather than turned on silently: tracking is the owner's choice about their
 * visitors, and link-api keeps it on while a test runs.
 */
export function assertLinkTracks(link: TestedLink, conversionsEnabled: boolean): void {
  if (!link.trackingEnabled) {
    throw new AppError("INVALID_STATE", {
      message: "The link's click tracking is off: an A/B test on it would record no visit",
      details: { field: "tracking_enabled", reason: "link_tracking_off" },
      hint: "Turn the link's tracking_enabled on, then try again",
    });
  }
  if (conversionsEnabled && !link.conversionTracking) {
    throw new AppError("INVALID_STATE", {
      message: "The link's conversion tracking is off: no conversion could name its variant",
      details: { field: "conversion_tracking", reason: "link_conversion_tracking_off" },
      hint: "Turn the link's conversion_tracking on, or create the test with conversions_enabled false",
    });
  }
}
