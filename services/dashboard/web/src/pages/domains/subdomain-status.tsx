import type { SubdomainAvailability } from "./subdomain-availability";

const REASONS: Record<string, string> = {
  taken: "is taken",
  reserved: "is reserved",
  invalid: "is not a valid subdomain",
};

/** What the live check says about the label, in words and with a mark that is not colour alone. */
export function SubdomainStatus({
  availability,
  host,
}: {
  availability: SubdomainAvailability;
  host: string;
}) {
  switch (availability.state) {
    case "empty":
      return null;
    case "checking":
      return <span class="status status-pending">Checking availability…</span>;
    case "available":
      return (
        <span class="status status-good">
          <span aria-hidden="true">✓ </span>
          {availability.label}.{host} is available
        </span>
      );
    case "unavailable":
      return (
        <span class="status status-bad">
          <span aria-hidden="true">✕ </span>“{availability.label}”{" "}
          {REASONS[availability.reason] ?? "is not available"}
          {availability.reason === "invalid" && availability.message ? `: ${availability.message}` : ""}
        </span>
      );
    case "unknown":
      return (
        <span class="status status-pending">Availability could not be checked; you can still try it.</span>
      );
  }
}
