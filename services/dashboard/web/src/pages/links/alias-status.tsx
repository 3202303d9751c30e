import type { AliasAvailability } from "./alias-availability";

const UNAVAILABLE: Record<Extract<AliasAvailability, { state: "unavailable" }>["reason"], string> = {
  taken: "is taken",
  reserved: "is a reserved word",
  recently_deleted: "was deleted recently and cannot be used yet",
  invalid: "is not a valid alias",
};

/** What the live check says about the alias, in words and with a mark that is not colour alone. */
export function AliasStatus({ availability }: { availability: AliasAvailability }) {
  switch (availability.state) {
    case "empty":
      return null;
    case "invalid":
      return (
        <span class="status status-bad">
          <span aria-hidden="true">✕ </span>Use 3 to 50 letters, digits, “-” or “_”.
        </span>
      );
    case "checking":
      return <span class="status status-pending">Checking availability…</span>;
    case "available":
      return (
        <span class="status status-good">
          <span aria-hidden="true">✓ </span>“{availability.alias}” is available
        </span>
      );
    case "unavailable":
      return (
        <span class="status status-bad">
          <span aria-hidden="true">✕ </span>“{availability.alias}” {UNAVAILABLE[availability.reason]}
        </span>
      );
    case "unknown":
      return (
        <span class="status status-pending">Availability could not be checked; you can still try it.</span>
      );
  }
}
