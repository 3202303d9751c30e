import type { ShortUrl } from "../links/short-url";
import { type UpdateLinkBody, updateLink } from "../links/update-link";
import type { RoutingBody } from "./routing-link";

/** Saves routing fields of a link (rules, deep links or the card); `null` or `[]` removes them. */
export function updateRouting(link: ShortUrl, body: RoutingBody): Promise<ShortUrl> {
  // The editor's conditions hold whatever values were typed (a country "Germany", say): the API
  // checks them and answers refusals by field, which the editor files under each condition.
  return updateLink(link, body as UpdateLinkBody);
}
