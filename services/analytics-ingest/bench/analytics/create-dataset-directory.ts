import { createKnownResources, type KnownResources } from "../../test/known-resources";
import type { Catalog } from "./generate-clicks";

/**
 * link-api's ownership answers for a generated dataset, as the harness tests stand in for it:
 * every link, campaign and host of the catalog is its account's, nothing else is.
 */
export function createDatasetDirectory(catalog: Catalog): KnownResources {
  const directory = createKnownResources();
  for (const link of catalog.links) {
    directory.addLink(link.account.accountId, {
      linkId: link.linkId,
      code: link.code,
      host: link.host,
      destinationUrl: link.destinationUrl,
      campaignId: link.campaignId,
      qr: link.qr,
    });
  }
  for (const account of catalog.accounts) {
    for (const campaignId of account.campaignIds) directory.addCampaign(account.accountId, campaignId);
    for (const host of account.hosts) directory.addHost(account.accountId, host);
  }
  return directory;
}
