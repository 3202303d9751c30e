import { AppError } from "@kurz/errors";
import { callingAccount, type GrpcServiceImplementation, requireCallingService } from "@kurz/grpc";
import { linksV1 } from "@kurz/proto";
import { mapDatabaseErrors } from "@kurz/relational";
import { optionalText, parseInput } from "@kurz/service-runtime";
import type { LinkRow } from "../db/schema";
import { resolveHostSettings } from "../domains/resolve-host-settings";
import type { LinkApiContext } from "../link-api-context";
import { bulkCreateLinks } from "../links/bulk-create-links";
import { bulkDeleteLinks } from "../links/bulk-delete-links";
import { bulkUpdateLinks } from "../links/bulk-update-links";
import { checkAliasAvailability } from "../links/check-alias-availability";
import { createLink } from "../links/create-link";
import { deleteLink } from "../links/delete-link";
import { getLinkOrThrow } from "../links/get-link-or-throw";
import { getLinkStats } from "../links/get-link-stats";
import {
  createLinkInputSchema,
  listLinksQuerySchema,
  updateLinkInputSchema,
} from "../links/link-input-schemas";
import { listLinks } from "../links/list-links";
import { resolveLink } from "../links/resolve-link";
import { BULK_MAX_ITEMS, type BulkItemResult } from "../links/run-bulk";
import { setAbRouting } from "../links/set-ab-routing";
import { toLinkSnapshot } from "../links/to-link-snapshot";
import { updateLink } from "../links/update-link";
import type { ApiDependencies } from "../routes/api-dependencies";
import { simulateInputSchema } from "../simulator/simulate-input-schema";
import { type SimulatorDeps, simulateRedirect } from "../simulator/simulate-redirect";
import { createImportHandlers } from "./import-handlers";
import { legacyMaxOf, limitToProto } from "./limit-to-proto";
import { createInputOf, updateInputOf } from "./link-inputs-of-proto";
import { pageInfoOf, pageOf } from "./page-request";
import { simulateInputOf, simulationMessageOf } from "./simulate-input-of-proto";
import { toLinkMessage } from "./to-link-message";

/** More items than a bulk call takes: refused whole, before anything is done (as REST's 400). */
function assertBulkSize(items: number): void {
  if (items > BULK_MAX_ITEMS || items === 0) {
    throw new AppError("VALIDATION_ERROR", {
      message: `A bulk call takes 1 to ${BULK_MAX_ITEMS} items; this one has ${items}`,
      details: { field: "items", count: items, max: BULK_MAX_ITEMS },
    });
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const SORTS = {
  [linksV1.LinkSort.UNSPECIFIED]: "created_at",
  [linksV1.LinkSort.CREATED_AT]: "created_at",
  [linksV1.LinkSort.CLICKS]: "clicks",
  [linksV1.LinkSort.NAME]: "name",
} as const;

/** LinkService: thin proto ↔ domain mapping; validation is the REST routes' (parseInput). */
export function createLinkService(
  ctx: LinkApiContext,
  imports: ApiDependencies["imports"],
  simulator: SimulatorDeps,
): GrpcServiceImplementation<typeof linksV1.LinkService.method> {
  const toMessage = (row: Parameters<typeof toLinkMessage>[0]) => toLinkMessage(row, ctx.hosts);
  const toResults = (results: BulkItemResult<LinkRow>[]) =>
    results.map((result) =>
      result.success
        ? { index: result.index, link: toMessage(result.value) }
        : {
            index: result.index,
            error: {
              code: result.error.code,
              message: result.error.message,
              detailsJson: result.error.details ? JSON.stringify(result.error.details) : "",
              hint: result.error.hint ?? "",
            },
          },
    );
  return mapDatabaseErrors({
    async resolve(request) {
      const row = await resolveLink(ctx.db, request.host, request.code);
      return row ? { found: true, link: toLinkSnapshot(row) } : { found: false };
    },

    async resolveHost(request) {
      const settings = await resolveHostSettings(ctx.db, ctx.hosts, request.host);
      return settings ? { found: true, settings } : { found: false };
    },

    async createLink(request, context) {
      const accountId = callingAccount(context);
      const input = parseInput(createLinkInputSchema, createInputOf(request));
      return { link: toMessage(await createLink(ctx, accountId, input)) };
    },

    async simulateRedirect(request, context) {
      const input = parseInput(simulateInputSchema, simulateInputOf(request));
      const simulation = await simulateRedirect(
        ctx,
        simulator,
        callingAccount(context),
        { shortCode: request.shortCode, domain: request.domain },
        input,
      );
      return simulationMessageOf(simulation);
    },

    async getLink(request, context) {
      const row = await getLinkOrThrow(ctx.db, ctx.hosts, callingAccount(context), {
        shortCode: request.shortCode,
        domain: request.domain,
      });
      return { link: toMessage(row) };
    },

    async listLinks(request, context) {
      const accountId = callingAccount(context);
      const query = parseInput(listLinksQuerySchema, {
        ...pageOf(request.page),
        search: optionalText(request.search),
        sortBy: SORTS[request.sortBy],
        order:
          request.order === linksV1.SortOrder.ASC
            ? "asc"
            : request.order === linksV1.SortOrder.DESC
              ? "desc"
              : undefined,
        tag: optionalText(request.tag),
        campaign_id: optionalText(request.campaignId),
        domain: optionalText(request.domain),
      });
      const page = await listLinks(ctx.db, accountId, query);
      return { links: page.items.map(toMessage), page: pageInfoOf(page) };
    },

    async updateLink(request, context) {
      const accountId = callingAccount(context);
      const input = parseInput(updateLinkInputSchema, updateInputOf(request));
      const row = await updateLink(
        ctx,
        accountId,
        { shortCode: request.shortCode, domain: request.domain },
        input,
      );
      return { link: toMessage(row) };
    },

    async bulkCreateLinks(request, context) {
      assertBulkSize(request.links.length);
      return {
        results: toResults(
          await bulkCreateLinks(ctx, callingAccount(context), request.links.map(createInputOf)),
        ),
      };
    },

    async bulkUpdateLinks(request, context) {
      assertBulkSize(request.updates.length);
      const items = request.updates.map((update) => ({
        code: update.shortCode,
        domain: optionalText(update.domain),
        ...updateInputOf(update),
      }));
      return { results: toResults(await bulkUpdateLinks(ctx, callingAccount(context), items)) };
    },

    async bulkDeleteLinks(request, context) {
      assertBulkSize(request.links.length);
      const items = request.links.map((link) => ({
        code: link.shortCode,
        domain: optionalText(link.domain),
      }));
      return { results: toResults(await bulkDeleteLinks(ctx, callingAccount(context), items)) };
    },

    async deleteLink(request, context) {
      const row = await deleteLink(ctx, callingAccount(context), {
        shortCode: request.shortCode,
        domain: request.domain,
      });
      return { link: toMessage(row) };
    },

    async checkAlias(request, context) {
      const result = await checkAliasAvailability(
        ctx,
        callingAccount(context),
        request.alias,
        request.domain,
      );
      return { available: result.available, reason: result.reason ?? "" };
    },

    async getLinkStats(_request, context) {
      const accountId = callingAccount(context);
      const [stats, plan] = await Promise.all([
        getLinkStats(ctx.db, accountId),
        ctx.plans.getPlan(accountId),
      ]);
      return {
        totalLinks: BigInt(stats.totalLinks),
        dynamicLinks: BigInt(stats.dynamicLinks),
        passwordProtectedLinks: BigInt(stats.passwordProtectedLinks),
        expiringLinks: BigInt(stats.expiringLinks),
        qrLinks: BigInt(stats.qrLinks),
        totalClicks: BigInt(stats.totalClicks),
        linkLimit: limitToProto(plan.maxLinks),
        maxLinks: legacyMaxOf(plan.maxLinks),
      };
    },

    async setAbRouting(request, context) {
      requireCallingService(context, "abtest-engine");
      for (const [field, id] of [
        ["account_id", request.accountId],
        ["link_id", request.linkId],
      ] as const) {
        if (!UUID.test(id)) throw new AppError("VALIDATION_ERROR", { message: `${field} must be a UUID` });
      }
      if (request.abTestId !== "" && !UUID.test(request.abTestId)) {
        throw new AppError("VALIDATION_ERROR", { message: "ab_test_id must be a UUID" });
      }
      const row = await setAbRouting(ctx, request.accountId, request.linkId, {
        abTestId: request.abTestId,
        variants: request.variants.map((v) => ({
          variantId: v.variantId,
          destinationUrl: v.destinationUrl,
          weight: v.weight,
          control: v.control,
        })),
        destinationUrl: request.destinationUrl,
      });
      return { link: toMessage(row) };
    },

    async createRotatorLink(request, context) {
      requireCallingService(context, "abtest-engine");
      if (!UUID.test(request.accountId)) {
        throw new AppError("VALIDATION_ERROR", { message: "account_id must be a UUID" });
      }
      const input = parseInput(createLinkInputSchema, {
        url: request.url,
        customAlias: optionalText(request.customAlias),
        name: optionalText(request.name),
        // Its answer changes per visitor and when the test ends: never a cacheable 301.
        is_dynamic: true,
        // The click id on the landing page is how a conversion finds its variant.
        conversion_tracking: true,
      });
      return { link: toMessage(await createLink(ctx, request.accountId, input)) };
    },

    ...createImportHandlers(ctx, imports),
  });
}
