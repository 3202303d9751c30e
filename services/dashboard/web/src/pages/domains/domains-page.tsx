import { useEffect, useRef, useState } from "preact/hooks";
import { announce } from "../../components/announce";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { ErrorNotice } from "../../components/error-notice";
import { useApiQuery } from "../../components/use-api-query";
import { usePageTitle } from "../../components/use-page-title";
import { AddBrandedDomainForm } from "./add-branded-domain-form";
import { BrandedDomainCard } from "./branded-domain-card";
import type { BrandedDomain, Subdomain } from "./domain-types";
import { listDomains } from "./list-domains";
import { releaseSubdomain } from "./release-subdomain";
import { removeBrandedDomain } from "./remove-branded-domain";
import { ReserveSubdomainForm } from "./reserve-subdomain-form";
import { SubdomainTable } from "./subdomain-table";

/**
 * Where the account's links can answer besides the standard short host: reserve and release
 * subdomains, add branded domains, prove them through DNS, remove them.
 */
export function DomainsPage() {
  usePageTitle("Domains");
  const [refreshKey, setRefreshKey] = useState(0);
  const domains = useApiQuery(`domains#${refreshKey}`, listDomains);
  const [toRelease, setToRelease] = useState<Subdomain | null>(null);
  const [toRemove, setToRemove] = useState<BrandedDomain | null>(null);
  // Where the focus goes once the list shows the change (an element id).
  const focusNext = useRef<string | null>(null);
  const refresh = () => setRefreshKey((key) => key + 1);

  useEffect(() => {
    if (domains.status !== "ready" || domains.refreshing || !focusNext.current) return;
    const target = document.getElementById(focusNext.current);
    if (target) {
      focusNext.current = null;
      target.focus();
    }
  });

  const reserved = (subdomain: Subdomain) => {
    announce(`Reserved ${subdomain.host}`);
    refresh();
  };

  const added = (domain: BrandedDomain) => {
    announce(`Added ${domain.domain}. Create its TXT record, then verify it.`);
    focusNext.current = `domain-${domain.id}`;
    refresh();
  };

  const released = (subdomain: Subdomain) => {
    setToRelease(null);
    announce(`Released ${subdomain.host}`);
    focusNext.current = "subdomains-heading";
    refresh();
  };

  const removed = (domain: BrandedDomain) => {
    setToRemove(null);
    announce(`Removed ${domain.domain}`);
    focusNext.current = "branded-heading";
    refresh();
  };

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
            <h2 id="subdomains-heading" tabIndex={-1}>
              Subdomains
            </h2>
            <div class="card">
              <h3>Reserve a subdomain</h3>
              <ReserveSubdomainForm host={domains.data.subdomainHost} onReserved={reserved} />
            </div>
            {domains.data.subdomains.length > 0 ? (
              <SubdomainTable
                subdomains={domains.data.subdomains}
                onRelease={setToRelease}
                onChanged={refresh}
              />
            ) : (
              <p class="muted">
                No subdomains reserved. A subdomain gives your links an address like{" "}
                <span class="code">yourname.{domains.data.subdomainHost}</span>.
              </p>
            )}
          </section>

          <section class="section" aria-labelledby="branded-heading">
            <h2 id="branded-heading" tabIndex={-1}>
              Branded domains
            </h2>
            <div class="card">
              <h3>Add a branded domain</h3>
              <AddBrandedDomainForm onAdded={added} />
            </div>
            {domains.data.brandedDomains.length > 0 ? (
              <ul class="domain-list" aria-label="Your branded domains">
                {domains.data.brandedDomains.map((domain) => (
                  <BrandedDomainCard
                    key={domain.id}
                    domain={domain}
                    onChanged={refresh}
                    onRemove={setToRemove}
                  />
                ))}
              </ul>
            ) : (
              <p class="muted">No branded domains yet. Add a domain you own above.</p>
            )}
          </section>
        </>
      )}

      {toRelease && (
        <ConfirmDialog
          id="release-subdomain"
          title="Release this subdomain?"
          confirmLabel="Release subdomain"
          pendingLabel="Releasing…"
          onConfirm={() => releaseSubdomain(toRelease.subdomain)}
          onCancel={() => setToRelease(null)}
          onDone={() => released(toRelease)}
        >
          <p>
            <span class="strong break-anywhere">{toRelease.host}</span> will be free for anyone to reserve.
            Links that still use it must be deleted first.
          </p>
        </ConfirmDialog>
      )}
      {toRemove && (
        <ConfirmDialog
          id="remove-domain"
          title="Remove this domain?"
          confirmLabel="Remove domain"
          pendingLabel="Removing…"
          onConfirm={() => removeBrandedDomain(toRemove.domain)}
          onCancel={() => setToRemove(null)}
          onDone={() => removed(toRemove)}
        >
          <p>
            <span class="strong break-anywhere">{toRemove.domain}</span> will no longer carry short links.
            Links that still use it must be deleted first.
          </p>
        </ConfirmDialog>
      )}
    </div>
  );
}
