import type { LinkRef } from "../analytics/analytics-types";

/** A link as link-api has it, with what a manually tracked QR scan records. */
export interface OwnedLink extends LinkRef {
  destinationUrl: string;
  /** "" when the link is in no campaign. */
  campaignId: string;
  /** The link is a QR code's (its visits are QR scans). */
  qr: boolean;
}

/**
 * Whether a link, campaign or host named in a request is the calling account's. link-api owns
 * them (analytics only ever saw their clicks), so it is the one asked; a link without clicks is
 * as real as one with many.
 */
export interface ResourceDirectory {
  /** The account's link by id, code or alias; rejects URL_NOT_FOUND for an unknown or another account's. */
  findLink(accountId: string, ref: string): Promise<OwnedLink>;
  /** Rejects NOT_FOUND unless the campaign is the account's. */
  assertCampaign(accountId: string, campaignId: string): Promise<void>;
  /**
   * Rejects NOT_FOUND unless the account's links can answer on the host: the standard short host,
   * the account's subdomains and its branded domains.
   */
  assertHost(accountId: string, host: string): Promise<void>;
}
