import type { paths } from "../../api/schema.generated";
import type { ShortUrl } from "./short-url";

type BulkPaths = paths["/api/v1/urls/bulk"];
export type BulkUpdate = BulkPaths["patch"]["requestBody"]["content"]["application/json"]["updates"][number];
export type BulkDeleteCode =
  BulkPaths["delete"]["requestBody"]["content"]["application/json"]["codes"][number];

/** A tag as the API stores it: trimmed, lowercase, inner whitespace one space (link-api's normalizeTag). */
export const normalizeTag = (tag: string): string => tag.trim().toLowerCase().replace(/\s+/g, " ");

/**
 * One update per link adding `tag`: `tags` in an update replaces the link's tags, so each carries
 * the link's own tags plus the new one, deduplicated as the server would (it normalises anyway).
 * Links are named by link id, so the host they answer on does not matter.
 */
export function buildTagUpdates(links: readonly ShortUrl[], tag: string): BulkUpdate[] {
  const added = normalizeTag(tag);
  return links.map((link) => ({
    code: link.linkId,
    tags: [...new Set([...link.tags, added].map(normalizeTag).filter((t) => t !== ""))],
  }));
}

/** One update per link moving it into the campaign `campaignId`, or out of any with "none". */
export function buildCampaignUpdates(links: readonly ShortUrl[], campaignId: string | "none"): BulkUpdate[] {
  return links.map((link) => ({ code: link.linkId, campaign_id: campaignId }));
}

/** The delete call's codes: link ids, which name a link on whatever host it answers. */
export const buildDeleteCodes = (links: readonly ShortUrl[]): BulkDeleteCode[] =>
  links.map((link) => link.linkId);
