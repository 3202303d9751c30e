import type { EventType } from "./webhook";

export interface EventFamily {
  /** Part of the checkboxes' ids and the group's heading id. */
  key: string;
  label: string;
  types: ReadonlyArray<{ type: EventType; label: string }>;
}

/** The catalogue of event types the API accepts, grouped as the form shows them. */
export const EVENT_FAMILIES: readonly EventFamily[] = [
  {
    key: "link",
    label: "Links",
    types: [
      { type: "link.created", label: "Link created" },
      { type: "link.updated", label: "Link updated" },
      { type: "link.deleted", label: "Link deleted" },
      { type: "link.clicked", label: "Link clicked" },
    ],
  },
  {
    key: "qr",
    label: "QR codes",
    types: [
      { type: "qr.created", label: "QR code created" },
      { type: "qr.updated", label: "QR code updated" },
      { type: "qr.deleted", label: "QR code deleted" },
      { type: "qr.scanned", label: "QR code scanned" },
    ],
  },
  {
    key: "campaign",
    label: "Campaigns",
    types: [
      { type: "campaign.created", label: "Campaign created" },
      { type: "campaign.updated", label: "Campaign updated" },
      { type: "campaign.deleted", label: "Campaign deleted" },
    ],
  },
  {
    key: "other",
    label: "Domains and conversions",
    types: [
      { type: "domain.verified", label: "Branded domain verified" },
      { type: "conversion.recorded", label: "Conversion recorded" },
    ],
  },
  {
    key: "abtest",
    label: "A/B tests",
    types: [
      { type: "abtest.started", label: "A/B test started" },
      { type: "abtest.completed", label: "A/B test completed" },
    ],
  },
];

/** One request per click or scan: an account with many visits sends as many requests. */
export const PER_VISIT_TYPES: ReadonlySet<EventType> = new Set(["link.clicked", "qr.scanned"]);

const KNOWN = new Set<string>(EVENT_FAMILIES.flatMap((family) => family.types.map((entry) => entry.type)));

export const isEventType = (value: string): value is EventType => KNOWN.has(value);
