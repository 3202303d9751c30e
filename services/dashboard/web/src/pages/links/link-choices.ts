import { useEffect, useState } from "preact/hooks";
import { api } from "../../api/client";
import { readData } from "../../api/read-data";

/** A host a new link may answer on, other than the standard short host. */
export interface DomainChoice {
  host: string;
  label: string;
  kind: "subdomain" | "branded";
  /** The value the create call takes: the subdomain's label or the branded domain's name. */
  value: string;
}

export interface LinkChoices {
  /** The host standard links answer on; "" until known. */
  standardHost: string;
  domains: DomainChoice[];
  campaigns: { id: string; name: string }[];
}

async function loadDomains(signal: AbortSignal) {
  const data = await readData(api.GET("/api/v1/domains", { signal }));
  const domains: DomainChoice[] = [
    ...data.subdomains.map((s) => ({
      host: s.host,
      label: s.name ? `${s.host} (${s.name})` : s.host,
      kind: "subdomain" as const,
      value: s.subdomain,
    })),
    // Only a verified branded domain can carry links.
    ...data.brandedDomains
      .filter((d) => d.status === "verified")
      .map((d) => ({
        host: d.domain,
        label: d.name ? `${d.domain} (${d.name})` : d.domain,
        kind: "branded" as const,
        value: d.domain,
      })),
  ];
  return { standardHost: data.standardHost, domains };
}

async function loadCampaigns(signal: AbortSignal) {
  const data = await readData(api.GET("/api/v1/campaigns", { params: { query: { limit: 100 } }, signal }));
  return data.campaigns.map((c) => ({ id: c.id, name: c.name }));
}

/**
 * The hosts and campaigns the create form offers. Either list may be missing (the session may
 * lack its scope, the plan may have none): the form then simply leaves that choice out.
 */
export function useLinkChoices(): LinkChoices {
  const [choices, setChoices] = useState<LinkChoices>({ standardHost: "", domains: [], campaigns: [] });
  useEffect(() => {
    const controller = new AbortController();
    Promise.all([
      loadDomains(controller.signal).catch(() => ({ standardHost: "", domains: [] })),
      loadCampaigns(controller.signal).catch(() => []),
    ]).then(([{ standardHost, domains }, campaigns]) => {
      if (!controller.signal.aborted) setChoices({ standardHost, domains, campaigns });
    });
    return () => controller.abort();
  }, []);
  return choices;
}
