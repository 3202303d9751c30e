import type { MessageInitShape } from "@bufbuild/protobuf";
import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import type { linksV1 } from "@kurz/proto";
import { ruleMessageOf } from "@kurz/redirect-rules";
import type { LinkRow } from "../db/schema";

/** The compact record the redirect edge caches (LinkSnapshot). */
export function toLinkSnapshot(row: LinkRow): MessageInitShape<typeof linksV1.LinkSnapshotSchema> {
  return {
    linkId: row.id,
    accountId: row.accountId,
    host: row.host,
    code: row.code,
    destinationUrl: row.destinationUrl,
    dynamic: row.dynamic,
    trackingEnabled: row.trackingEnabled,
    conversionTracking: row.conversionTracking,
    passwordHash: row.passwordHash,
    expiresAt: row.expiresAt ? timestampFromDate(row.expiresAt) : undefined,
    maxClicks: BigInt(row.maxClicks),
    expiredUrl: row.expiredUrl,
    qr: row.qr,
    abTestId: row.abTestId ?? "",
    abVariants: row.abVariants.map((v) => ({
      variantId: v.variantId,
      destinationUrl: v.destinationUrl,
      weight: v.weight,
      control: v.control,
    })),
    version: BigInt(row.version),
    campaignId: row.campaignId ?? "",
    rules: row.rules.map(ruleMessageOf),
    iosUrl: row.iosUrl,
    androidUrl: row.androidUrl,
    ogTitle: row.ogTitle,
    ogDescription: row.ogDescription,
    ogImage: row.ogImage,
  };
}
