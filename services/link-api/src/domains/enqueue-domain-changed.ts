import type { MessageInitShape } from "@bufbuild/protobuf";
import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import { eventTopics } from "@kurz/events";
import { domainsV1 } from "@kurz/proto";
import type { ShortHosts } from "@kurz/routes";
import type { LinkApiTransaction } from "../db/link-api-database";
import { enqueueEvent } from "../events/enqueue-event";
import { type BrandedDomainRecord, type SubdomainRecord, verificationRecord } from "./domain-records";

export type DomainChange = "domain.created" | "domain.updated" | "domain.verified" | "domain.deleted";

const STATUSES = {
  pending: domainsV1.BrandedDomainStatus.PENDING,
  verified: domainsV1.BrandedDomainStatus.VERIFIED,
  failed: domainsV1.BrandedDomainStatus.FAILED,
} as const;

export function toSubdomainMessage(
  row: SubdomainRecord,
  hosts: ShortHosts,
): MessageInitShape<typeof domainsV1.SubdomainSchema> {
  return {
    id: row.id,
    accountId: row.accountId,
    subdomain: row.subdomain,
    name: row.name,
    host: hosts.subdomainHost(row.subdomain),
    linkCount: BigInt(row.linkCount),
    createdAt: timestampFromDate(row.createdAt),
    updatedAt: timestampFromDate(row.updatedAt),
    rootRedirectUrl: row.rootRedirectUrl,
    notFoundRedirectUrl: row.notFoundRedirectUrl,
    expiredRedirectUrl: row.expiredRedirectUrl,
  };
}

export function toBrandedDomainMessage(
  row: BrandedDomainRecord,
): MessageInitShape<typeof domainsV1.BrandedDomainSchema> {
  const record = verificationRecord(row);
  return {
    id: row.id,
    accountId: row.accountId,
    domain: row.domain,
    name: row.name,
    status: STATUSES[row.status],
    verificationRecordName: record.name,
    verificationRecordValue: record.value,
    lastCheckedAt: row.lastCheckedAt ? timestampFromDate(row.lastCheckedAt) : undefined,
    verifiedAt: row.verifiedAt ? timestampFromDate(row.verifiedAt) : undefined,
    failureReason: row.failureReason,
    linkCount: BigInt(row.linkCount),
    createdAt: timestampFromDate(row.createdAt),
    updatedAt: timestampFromDate(row.updatedAt),
    rootRedirectUrl: row.rootRedirectUrl,
    notFoundRedirectUrl: row.notFoundRedirectUrl,
    expiredRedirectUrl: row.expiredRedirectUrl,
    appleAppSiteAssociation: row.appleAppSiteAssociation,
    assetLinks: row.assetLinks,
  };
}

export function toStatusMessage(status: keyof typeof STATUSES): domainsV1.BrandedDomainStatus {
  return STATUSES[status];
}

export function enqueueSubdomainChanged(
  tx: LinkApiTransaction,
  type: DomainChange,
  occurredAt: Date,
  row: SubdomainRecord,
  hosts: ShortHosts,
): Promise<void> {
  return enqueueEvent(tx, {
    occurredAt,
    topic: eventTopics.domain,
    type,
    accountId: row.accountId,
    schema: domainsV1.DomainChangedSchema,
    payload: { domain: { case: "subdomain", value: toSubdomainMessage(row, hosts) } },
  });
}

export function enqueueBrandedDomainChanged(
  tx: LinkApiTransaction,
  type: DomainChange,
  occurredAt: Date,
  row: BrandedDomainRecord,
): Promise<void> {
  return enqueueEvent(tx, {
    occurredAt,
    topic: eventTopics.domain,
    type,
    accountId: row.accountId,
    schema: domainsV1.DomainChangedSchema,
    payload: { domain: { case: "brandedDomain", value: toBrandedDomainMessage(row) } },
  });
}
