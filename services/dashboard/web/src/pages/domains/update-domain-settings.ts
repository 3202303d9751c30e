import { api } from "../../api/client";
import { readData } from "../../api/read-data";
import type { BrandedDomain, Subdomain } from "./domain-types";

/** The host redirects (docs/api/domains.md#domain-redirects); null removes one. */
export interface HostRedirectsBody {
  root_redirect_url?: string | null;
  not_found_redirect_url?: string | null;
  expired_redirect_url?: string | null;
}

/** A branded domain's settings: its redirects and app association files (JSON as text). */
export interface BrandedDomainSettingsBody extends HostRedirectsBody {
  apple_app_site_association?: string | null;
  asset_links?: string | null;
}

export async function updateBrandedDomainSettings(
  domain: string,
  body: BrandedDomainSettingsBody,
): Promise<BrandedDomain> {
  const data = await readData(
    api.PATCH("/api/v1/domains/branded/{domain}", { params: { path: { domain } }, body }),
  );
  return data.brandedDomain;
}

export async function updateSubdomainSettings(
  subdomain: string,
  body: HostRedirectsBody,
): Promise<Subdomain> {
  const data = await readData(
    api.PATCH("/api/v1/domains/subdomains/{subdomain}", { params: { path: { subdomain } }, body }),
  );
  return data.subdomain;
}
