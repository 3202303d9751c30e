import { useState } from "preact/hooks";
import type { ApiError } from "../../api/api-error";
import { announce } from "../../components/announce";
import { asApiError } from "../../components/as-api-error";
import { CopyValueButton } from "../../components/copy-value-button";
import { formatDateTime } from "../../components/format-date";
import { formatNumber } from "../../components/format-number";
import { ProblemNotice } from "../../components/problem-notice";
import { DomainSettingsForm } from "./domain-settings-form";
import type { BrandedDomain } from "./domain-types";
import { verifyBrandedDomain } from "./verify-branded-domain";

const STATUS_TEXT: Record<BrandedDomain["status"], string> = {
  verified: "Verified",
  pending: "Waiting for DNS",
  failed: "Verification failed",
};

interface BrandedDomainCardProps {
  domain: BrandedDomain;
  onChanged: (domain: BrandedDomain) => void;
  onRemove: (domain: BrandedDomain) => void;
}

/** What the last check found, in words: the time, and why not when it did not verify. */
function LastCheck({ domain }: { domain: BrandedDomain }) {
  if (!domain.lastCheckedAt) return <p class="muted">Not checked yet.</p>;
  const when = <time dateTime={domain.lastCheckedAt}>{formatDateTime(domain.lastCheckedAt)}</time>;
  if (domain.status === "verified") return <p>Verified at the last check, {when}.</p>;
  return (
    <p>
      Last checked {when}: {domain.failureReason ?? "the TXT record was not found yet"}.
    </p>
  );
}

/**
 * One branded domain: its status, the exact TXT record that proves ownership (each part with a
 * Copy button), a Verify button that checks DNS now, its settings (redirects, app files), and
 * Remove.
 */
export function BrandedDomainCard({ domain, onChanged, onRemove }: BrandedDomainCardProps) {
  const [pending, setPending] = useState(false);
  const [problem, setProblem] = useState<ApiError | null>(null);
  const headingId = `domain-${domain.id}`;
  const checkId = `domain-check-${domain.id}`;

  const verify = async () => {
    if (pending) return;
    setPending(true);
    setProblem(null);
    try {
      const answer = await verifyBrandedDomain(domain.domain);
      onChanged(answer.brandedDomain);
      announce(
        answer.verified
          ? `${domain.domain} is verified`
          : `${domain.domain} is not verified yet: ${answer.brandedDomain.failureReason ?? "no TXT record found"}`,
      );
    } catch (error) {
      setProblem(asApiError(error, "The domain could not be checked. Try again."));
    } finally {
      setPending(false);
    }
  };

  return (
    <li class="card domain-card">
      <div class="domain-card-header">
        <h3 id={headingId} class="break-anywhere" tabIndex={-1}>
          {domain.domain}
        </h3>
        <span class={`badge badge-${domain.status}`}>{STATUS_TEXT[domain.status]}</span>
      </div>
      {domain.name && <p class="link-name">{domain.name}</p>}
      <p class="muted">
        {formatNumber(domain.linkCount)} {domain.linkCount === 1 ? "link uses" : "links use"} it.
      </p>

      {domain.status !== "verified" && (
        <div class="dns-record">
          <p>
            To prove you own it, create this <strong>TXT</strong> record at your DNS provider, then press
            Verify:
          </p>
          <dl>
            <dt>Type</dt>
            <dd class="code">{domain.verification.type}</dd>
            <dt>Name</dt>
            <dd class="dns-value">
              <code class="break-anywhere">{domain.verification.name}</code>
              <CopyValueButton text={domain.verification.name} what="TXT record name" />
            </dd>
            <dt>Value</dt>
            <dd class="dns-value">
              <code class="break-anywhere">{domain.verification.value}</code>
              <CopyValueButton text={domain.verification.value} what="TXT record value" />
            </dd>
          </dl>
        </div>
      )}

      <div id={checkId} class="domain-check">
        <LastCheck domain={domain} />
      </div>

      <DomainSettingsForm kind="branded" domain={domain} onSaved={onChanged} />

      <div class="form-actions">
        {domain.status !== "verified" && (
          <button
            type="button"
            class="button"
            onClick={verify}
            aria-disabled={pending ? true : undefined}
            aria-describedby={checkId}
          >
            {pending ? "Checking…" : "Verify"}
            <span class="visually-hidden"> {domain.domain}</span>
          </button>
        )}
        <button type="button" class="button button-danger" onClick={() => onRemove(domain)}>
          Remove<span class="visually-hidden"> {domain.domain}</span>
        </button>
      </div>
      {problem && (
        <ProblemNotice
          id={`verify-problem-${domain.id}`}
          title={`${domain.domain} was not checked`}
          error={problem}
        />
      )}
    </li>
  );
}
