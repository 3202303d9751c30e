import { type GrpcServiceImplementation, requireCallingService } from "@kurz/grpc";
import type { linksV1 } from "@kurz/proto";
import { mapDatabaseErrors } from "@kurz/relational";
import type { LinkApiContext } from "../link-api-context";
import { setClickCounts } from "../links/set-click-counts";

/**
 * ClickCountService: analytics-ingest's human-click totals into links.clicks. Not
 * account-scoped: each count names its account, and only a link of that account is touched.
 */
export function createClickCountService(
  ctx: LinkApiContext,
): GrpcServiceImplementation<typeof linksV1.ClickCountService.method> {
  return mapDatabaseErrors({
    async setClickCounts(request, context) {
      requireCallingService(context, "analytics-ingest");
      const updated = await setClickCounts(
        ctx.db,
        request.counts.map((count) => ({
          linkId: count.linkId,
          accountId: count.accountId,
          // Beyond 2^53 the check in setClickCounts refuses it rather than storing a wrong number.
          clicks: count.clicks <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(count.clicks) : Number.NaN,
        })),
      );
      return { updated };
    },
  });
}
