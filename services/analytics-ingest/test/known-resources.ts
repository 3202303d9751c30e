import { AppError } from "@kurz/errors";
import type { OwnedLink, ResourceDirectory } from "../src/ownership/resource-directory";

/** The standard short host of the harness' links (link-api's default SHORT_HOST, port dropped). */
export const STANDARD_HOST = "localhost";

export interface KnownResources extends ResourceDirectory {
  addLink(accountId: string, link: Partial<OwnedLink> & Pick<OwnedLink, "linkId" | "code">): void;
  addCampaign(accountId: string, campaignId: string): void;
  addHost(accountId: string, host: string): void;
}

/**
 * link-api's side of the ownership questions for harness tests, which publish click events as the
 * redirector would and so also stand in for link-api: the links, campaigns and hosts declared here
 * (publishClicks declares those of its clicks) answer as link-api would, the rest URL_NOT_FOUND /
 * NOT_FOUND. What real link-api answers is tested with it running (analytics-ownership.e2e.test.ts).
 */
export function createKnownResources(): KnownResources {
  const links = new Map<string, OwnedLink[]>();
  const campaigns = new Set<string>();
  const hosts = new Set<string>();
  return {
    addLink(accountId, link) {
      const known = links.get(accountId) ?? [];
      if (known.some((l) => l.linkId === link.linkId)) return;
      known.push({ host: STANDARD_HOST, destinationUrl: "", campaignId: "", qr: false, ...link });
      links.set(accountId, known);
    },
    addCampaign: (accountId, campaignId) => campaigns.add(`${accountId}\n${campaignId.toLowerCase()}`),
    addHost: (accountId, host) => hosts.add(`${accountId}\n${host.toLowerCase()}`),

    async findLink(accountId, ref) {
      const candidates = (links.get(accountId) ?? []).filter((l) => l.linkId === ref || l.code === ref);
      // As link-api picks among the account's links with one code: the standard host's first.
      const link = candidates.find((l) => l.host === STANDARD_HOST) ?? candidates[0];
      if (!link) throw new AppError("URL_NOT_FOUND", { details: { shortCode: ref } });
      return link;
    },
    async assertCampaign(accountId, campaignId) {
      if (!campaigns.has(`${accountId}\n${campaignId}`)) {
        throw new AppError("NOT_FOUND", { message: "Campaign not found" });
      }
    },
    async assertHost(accountId, host) {
      if (host !== STANDARD_HOST && !hosts.has(`${accountId}\n${host}`)) {
        throw new AppError("NOT_FOUND", { message: "Domain not found" });
      }
    },
  };
}
