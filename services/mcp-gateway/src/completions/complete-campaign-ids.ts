import { type Completer, completionOf, MAX_COMPLETION_VALUES } from "./completer";

const ID_PREFIX = /^[0-9a-f-]+$/i;

/**
 * The ids of the account's campaigns whose name or description holds what was typed, or whose id
 * begins with it.
 */
export const completeCampaignIds: Completer = async (clients, typed) => {
  const page = { page: 1, limit: MAX_COMPLETION_VALUES };
  const [named, all] = await Promise.all([
    clients.campaigns.listCampaigns({ search: typed, page }),
    // An id prefix is no name: the newest campaigns, filtered here by their ids.
    typed !== "" && ID_PREFIX.test(typed) ? clients.campaigns.listCampaigns({ page }) : undefined,
  ]);
  const namedIds = new Set(named.campaigns.map((campaign) => campaign.id));
  const byId = (all?.campaigns ?? [])
    .map((campaign) => campaign.id)
    .filter((id) => id.startsWith(typed.toLowerCase()) && !namedIds.has(id));
  return completionOf([...byId, ...namedIds], typed, Number(named.page?.total ?? 0) + byId.length);
};
