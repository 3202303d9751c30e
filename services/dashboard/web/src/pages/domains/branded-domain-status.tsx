import type { BrandedDomainAvailability } from "./branded-domain-availability";

/** What the live check says about the domain typed, in words and with a mark that is not colour alone. */
export function BrandedDomainStatus({ availability }: { availability: BrandedDomainAvailability }) {
  switch (availability.state) {
    case "empty":
      return null;
    case "checking":
      return <span class="status status-pending">Checking the domain…</span>;
    case "available":
      return (
        <span class="status status-good">
          <span aria-hidden="true">✓ </span>
          {availability.domain} can be added
        </span>
      );
    case "unavailable":
      return (
        <span class="status status-bad">
          <span aria-hidden="true">✕ </span>
          {availability.domain}: {availability.message}
        </span>
      );
    case "unknown":
      return (
        <span class="status status-pending">The domain could not be checked; you can still try it.</span>
      );
  }
}
