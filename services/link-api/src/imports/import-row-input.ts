import type { ImportedLink } from "@kurz/link-import";
import type { ImportOptions } from "../db/schema";
import { customAliasField } from "../links/link-fields";

/**
 * The create input (POST /urls's body) of an imported link: its original code as the alias when
 * that is a valid alias here (else a random code), its original domain when it is one of the
 * account's verified branded domains (else the shared host), its title as the name, its tags and
 * the import's.
 */
export function importRowInput(
  link: ImportedLink,
  options: ImportOptions,
  verifiedDomains: ReadonlySet<string>,
): Record<string, unknown> {
  const alias = link.code !== undefined ? customAliasField.safeParse(link.code) : undefined;
  const tags = [...link.tags, ...options.tags];
  return {
    url: link.url,
    ...(alias?.success && alias.data ? { customAlias: alias.data } : {}),
    ...(link.domain && verifiedDomains.has(link.domain) ? { branded_domain: link.domain } : {}),
    ...(link.title ? { name: link.title.slice(0, 200) } : {}),
    ...(tags.length > 0 ? { tags } : {}),
    ...(options.campaignId ? { campaign_id: options.campaignId } : {}),
  };
}
