import type { ShortUrl } from "../links/short-url";
import { type UpdateLinkBody, updateLink } from "../links/update-link";
import type { RoutingBody } from "./routing-link";

/** Saves routing fields of a link (rules, deep links or the card); `null` or `[]` removes them. */
export function updateRouting(link: ShortUrl, body: RoutingBody): Promise<ShortUrl> {
  // The routing fields are typed here until the generated API types carry them.
  return updateLink(link, body as unknown as UpdateLinkBody);
}
