import { api } from "../../api/client";
import { readData } from "../../api/read-data";

/** What the account uses of each counted thing; undefined where the count could not be read. */
export interface Usage {
  links: number | undefined;
  clicks: number | undefined;
  qrCodes: number | undefined;
  campaigns: number | undefined;
  subdomains: number | undefined;
  brandedDomains: number | undefined;
}

const orUndefined = <T>(promise: Promise<T>) => promise.catch((): undefined => undefined);

/**
 * The counts, read from the lists and stats the API has. Each may fail on its own (a scope the
 * session lacks): the meter then says the count is unknown instead of the page failing.
 */
export async function getUsage(signal: AbortSignal): Promise<Usage> {
  const [links, qr, campaigns, domains] = await Promise.all([
    orUndefined(readData(api.GET("/api/v1/urls/stats", { signal }))),
    orUndefined(readData(api.GET("/api/v1/qr-codes/stats", { signal }))),
    orUndefined(readData(api.GET("/api/v1/campaigns", { params: { query: { limit: 1 } }, signal }))),
    orUndefined(readData(api.GET("/api/v1/domains", { signal }))),
  ]);
  if (signal.aborted) throw new DOMException("Aborted", "AbortError");
  return {
    links: links?.stats.totalLinks,
    clicks: links?.stats.totalClicks,
    qrCodes: qr?.total,
    campaigns: campaigns?.pagination.total,
    subdomains: domains?.subdomains.length,
    brandedDomains: domains?.brandedDomains.length,
  };
}
