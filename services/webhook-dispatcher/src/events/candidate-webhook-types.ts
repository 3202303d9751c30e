/**
 * The webhook types an internal event type may become (a click is link.clicked or qr.scanned by
 * its qr flag): what the consumer checks against an account's subscriptions before decoding.
 */
export const CANDIDATE_WEBHOOK_TYPES: Readonly<Record<string, readonly string[]>> = {
  "link.created": ["link.created"],
  "link.updated": ["link.updated"],
  "link.deleted": ["link.deleted"],
  "click.recorded": ["link.clicked", "qr.scanned"],
  "qr.created": ["qr.created"],
  "qr.updated": ["qr.updated"],
  "qr.deleted": ["qr.deleted"],
  "campaign.created": ["campaign.created"],
  "campaign.updated": ["campaign.updated"],
  "campaign.deleted": ["campaign.deleted"],
  "domain.verified": ["domain.verified"],
  "conversion.recorded": ["conversion.recorded"],
  "abtest.started": ["abtest.started"],
  "abtest.completed": ["abtest.completed"],
};
