import type { eventsV1 } from "@kurz/proto";
import { domainsV1 } from "@kurz/proto";
import type { z } from "zod";
import { decodeEventPayload } from "./decode-event-payload";
import type { domainVerifiedDataSchema } from "./domain-payloads";
import { invalidEvent } from "./invalid-event";
import { isoTimeOf, isoTimeOrNull } from "./iso-time-of";
import type { MappedEvent } from "./mapped-event";

type DomainVerifiedData = z.output<typeof domainVerifiedDataSchema>;

export type MappedDomainEvent = MappedEvent<"domain.verified", DomainVerifiedData>;

const STATUSES: Record<number, DomainVerifiedData["status"]> = {
  [domainsV1.BrandedDomainStatus.PENDING]: "pending",
  [domainsV1.BrandedDomainStatus.VERIFIED]: "verified",
  [domainsV1.BrandedDomainStatus.FAILED]: "failed",
};

/** domain.verified (DomainChanged of a branded domain) as the webhook of the same name. */
export function mapDomainVerifiedEvent(envelope: eventsV1.EventEnvelope): MappedDomainEvent {
  const change = decodeEventPayload(envelope, domainsV1.DomainChangedSchema);
  // link-api sends domain.verified for branded domains only: a subdomain here is a producer bug.
  if (change.domain.case !== "brandedDomain") {
    throw invalidEvent(envelope, "domain.verified does not carry a branded domain");
  }
  const domain = change.domain.value;
  const status = STATUSES[domain.status];
  if (status === undefined) throw invalidEvent(envelope, `unknown branded domain status ${domain.status}`);
  return {
    type: "domain.verified",
    data: {
      id: domain.id,
      domain: domain.domain,
      name: domain.name,
      status,
      verification: {
        type: "TXT",
        name: domain.verificationRecordName,
        value: domain.verificationRecordValue,
      },
      last_checked_at: isoTimeOrNull(envelope, domain.lastCheckedAt),
      verified_at: isoTimeOrNull(envelope, domain.verifiedAt),
      failure_reason: domain.failureReason || null,
      link_count: Number(domain.linkCount),
      root_redirect_url: domain.rootRedirectUrl || null,
      not_found_redirect_url: domain.notFoundRedirectUrl || null,
      expired_redirect_url: domain.expiredRedirectUrl || null,
      has_apple_app_site_association: domain.appleAppSiteAssociation !== "",
      has_asset_links: domain.assetLinks !== "",
      created_at: isoTimeOf(envelope, domain.createdAt, "created_at"),
      updated_at: isoTimeOf(envelope, domain.updatedAt, "updated_at"),
    },
  };
}
