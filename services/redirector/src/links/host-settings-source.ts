import type { linksV1 } from "@kurz/proto";
import type { LinkServiceClient } from "./link-source";

/** Where a host's own settings come from: link-api's ResolveHost. null = neither a verified branded domain nor a subdomain. */
export type HostSettingsSource = (host: string) => Promise<linksV1.HostSettings | null>;

export function hostSettingsSourceFromGrpc(
  client: LinkServiceClient,
  deadlineMs: number,
): HostSettingsSource {
  return async (host) => {
    const response = await client.resolveHost({ host }, { deadlineMs });
    return response.found && response.settings ? response.settings : null;
  };
}

/** A redirector that knows no host but its own (tests of the link path). */
export const noHostSettings: HostSettingsSource = async () => null;
