import { timestampDate, timestampFromDate } from "@bufbuild/protobuf/wkt";
import { type CallTokenSource, createGrpcClient } from "@kurz/grpc";
import type { Logger } from "@kurz/logger";
import { analyticsV1 } from "@kurz/proto";

export interface VariantCounts {
  variantId: string;
  /** Routed human visits (every exposure). */
  exposures: number;
  /** Distinct A/B visitor ids among them: the statistics' denominator. */
  visitors: number;
  conversions: number;
  timeline: Array<{ day: Date; exposures: number; visitors: number; conversions: number }>;
}

/** analytics-ingest's counts of a test's variants (its clicks and conversions live there). */
export interface VariantStatsSource {
  /** Totals since `since` (the first start); the timeline over the last `days` days. */
  countVariants(query: {
    accountId: string;
    testId: string;
    /** The test's link: the counts read only its rows. */
    linkId: string;
    since: Date;
    days: number;
  }): Promise<VariantCounts[]>;
  close(): void;
}

export function createGrpcVariantStatsSource(options: {
  address: string;
  tokens: CallTokenSource;
  logger?: Logger;
}): VariantStatsSource {
  const client = createGrpcClient(analyticsV1.AnalyticsService, options.address, {
    logger: options.logger,
    auth: { audience: "analytics-ingest", tokens: options.tokens },
  });
  return {
    async countVariants({ accountId, testId, linkId, since, days }) {
      const response = await client.getVariantStats({
        accountId,
        abTestId: testId,
        linkId,
        days,
        since: timestampFromDate(since),
      });
      return response.variants.map((variant) => ({
        variantId: variant.variantId,
        exposures: Number(variant.clicks),
        visitors: Number(variant.abVisitors),
        conversions: Number(variant.conversions),
        timeline: variant.timeline.map((point, index) => ({
          day: point.start ? timestampDate(point.start) : new Date(0),
          exposures: Number(point.clicks),
          visitors: Number(variant.timelineAbVisitors[index] ?? 0n),
          conversions: Number(variant.timelineConversions[index] ?? 0n),
        })),
      }));
    },
    close: () => client.close(),
  };
}
