import { AppError } from "@kurz/errors";
import { type GrpcCallContext, type GrpcServiceImplementation, requireCallingService } from "@kurz/grpc";
import type { linksV1 } from "@kurz/proto";
import { mapDatabaseErrors } from "@kurz/relational";
import { getCampaignOrThrow } from "../campaigns/get-campaign-or-throw";
import { assertHostOfAccount } from "../domains/assert-host-of-account";
import type { LinkApiContext } from "../link-api-context";
import { getLinkOrThrow } from "../links/get-link-or-throw";
import { toLinkMessage } from "./to-link-message";

/** Services keeping data about an account's links; each verified the account itself. */
const CALLERS = ["analytics-ingest", "abtest-engine"];

/** The account the caller asks about (in the request: it verified the account itself). */
function accountIn(request: { accountId: string }, context: GrpcCallContext): string {
  requireCallingService(context, CALLERS);
  if (request.accountId === "") {
    throw new AppError("VALIDATION_ERROR", {
      message: "account_id is required",
      details: { field: "account_id" },
    });
  }
  return request.accountId;
}

/**
 * OwnershipService: whether a link, campaign or host is an account's, for services keeping data
 * about them (analytics-ingest). The same lookups as the account-scoped services.
 */
export function createOwnershipService(
  ctx: LinkApiContext,
): GrpcServiceImplementation<typeof linksV1.OwnershipService.method> {
  return mapDatabaseErrors({
    async findLink(request, context) {
      const row = await getLinkOrThrow(ctx.db, ctx.hosts, accountIn(request, context), {
        shortCode: request.link,
      });
      return { link: toLinkMessage(row, ctx.hosts) };
    },
    async checkCampaign(request, context) {
      await getCampaignOrThrow(ctx.db, accountIn(request, context), request.campaignId.trim().toLowerCase());
      return {};
    },
    async checkHost(request, context) {
      await assertHostOfAccount(ctx.db, ctx.hosts, accountIn(request, context), request.host);
      return {};
    },
  });
}
