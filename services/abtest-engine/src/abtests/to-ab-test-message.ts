import type { MessageInitShape } from "@bufbuild/protobuf";
import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import type { abtestsV1 } from "@kurz/proto";
import type { TestWithVariants } from "./test-with-variants";

/** The AbTest message (gRPC and events). */
export function toAbTestMessage({
  test,
  variants,
}: TestWithVariants): MessageInitShape<typeof abtestsV1.AbTestSchema> {
  return {
    id: test.id,
    accountId: test.accountId,
    name: test.name,
    description: test.description,
    status: test.status,
    archived: test.archived,
    trafficSplitMode: test.trafficSplitMode,
    conversionsEnabled: test.conversionsEnabled,
    minSampleSize: test.minSampleSize,
    confidenceLevel: test.confidenceLevel,
    linkId: test.linkId,
    shortUrl: test.shortUrl,
    rotator: test.rotator,
    variants: variants.map((variant) => ({
      id: variant.id,
      name: variant.name,
      destinationUrl: variant.destinationUrl,
      trafficWeight: variant.trafficWeight,
      control: variant.control,
      position: variant.position,
    })),
    winnerVariantId: test.winnerVariantId ?? "",
    autoComplete: test.autoComplete,
    minDurationDays: test.minDurationDays,
    createdAt: timestampFromDate(test.createdAt),
    updatedAt: timestampFromDate(test.updatedAt),
    ...(test.startedAt ? { startedAt: timestampFromDate(test.startedAt) } : {}),
    ...(test.completedAt ? { completedAt: timestampFromDate(test.completedAt) } : {}),
    originalDestinationUrl: test.originalDestinationUrl,
  };
}
