import { ErrorNotice } from "../../components/error-notice";
import { useApiQuery } from "../../components/use-api-query";
import { usePageTitle } from "../../components/use-page-title";
import { BrandedDomainTable } from "./branded-domain-table";
import { listDomains } from "./list-domains";
import { SubdomainTable } from "./subdomain-table";

/** Where the account's links can answer besides the standard short host. */
export function DomainsPage() {
  usePageTitle("Domains");
  const domains = useApiQuery("domains", listDomains);

  return (
    <div class="page">
      <div class="page-header">
        <h1 tabIndex={-1}>Domains</h1>
        <p class="page-intro">Subdomains and your own branded domains that short links can use.</p>
      </div>
      {domains.status === "loading" && (
        <p class="muted" role="status">
          Loading domains…
        </p>
      )}
      {domains.status === "error" && (
        <ErrorNotice title="Domains could not be loaded" error={domains.error} onRetry={domains.reload} />
      )}
      {domains.status === "ready" && (
        <>
          <section class="section" aria-labelledby="subdomains-heading">
            <h2 id="subdomains-heading">Subdomains</h2>
            {domains.data.subdomains.length > 0 ? (
              <SubdomainTable subdomains={domains.data.subdomains} />
            ) : (
              <p class="muted">
                No subdomains reserved. A subdomain gives your links an address like{" "}
                <span class="code">yourname.{domains.data.subdomainHost}</span>.
              </p>
            )}
          </section>
          <section class="section" aria-labelledby="branded-heading">
            <h2 id="branded-heading">Branded domains</h2>
            {domains.data.brandedDomains.length > 0 ? (
              <BrandedDomainTable domains={domains.data.brandedDomains} />
            ) : (
              <p class="muted">No branded domains yet. Add one of your own domains through the API.</p>
            )}
          </section>
        </>
      )}
    </div>
  );
}
