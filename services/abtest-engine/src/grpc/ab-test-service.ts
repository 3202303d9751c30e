import { AppError } from "@kurz/errors";
import { callingAccount, type GrpcServiceImplementation } from "@kurz/grpc";
import type { abtestsV1 } from "@kurz/proto";
import { mapDatabaseErrors } from "@kurz/relational";
import { optionalText, parseInput } from "@kurz/service-runtime";
import type { AbtestContext } from "../abtest-context";
import {
  abTestAnalyticsQuerySchema,
  completeAbTestInputSchema,
  createAbTestInputSchema,
  listAbTestsQuerySchema,
  updateAbTestInputSchema,
} from "../abtests/ab-test-input-schemas";
import { analyzeAbTest } from "../abtests/analyze-ab-test";
import { changeAbTestStatus } from "../abtests/change-ab-test-status";
import { completeAbTest } from "../abtests/complete-ab-test";
import { createAbTest } from "../abtests/create-ab-test";
import { deleteAbTest } from "../abtests/delete-ab-test";
import { getAbTestOrThrow } from "../abtests/get-ab-test-or-throw";
import { listAbTests } from "../abtests/list-ab-tests";
import { toAbTestAnalyticsMessage } from "../abtests/to-ab-test-analytics-message";
import { toAbTestMessage } from "../abtests/to-ab-test-message";
import { updateAbTest } from "../abtests/update-ab-test";

function variantsIn(variants: abtestsV1.VariantInput[]) {
  return variants.map((variant) => ({
    id: optionalText(variant.id),
    name: optionalText(variant.name),
    destination_url: variant.destinationUrl,
    traffic_weight: variant.trafficWeight,
    control: variant.control || undefined,
  }));
}

const zeroAsDefault = (value: number) => (value === 0 ? undefined : value);

/** A required id: "" is refused like an unknown one, with the field named. */
function idOf(id: string): string {
  if (id.trim() === "") {
    throw new AppError("VALIDATION_ERROR", { message: "id is required", details: { field: "id" } });
  }
  return id;
}

/** AbTestService: proto ↔ domain; validation is the REST routes' (the same zod schemas). */
export function createAbTestService(
  ctx: AbtestContext,
): GrpcServiceImplementation<typeof abtestsV1.AbTestService.method> {
  // "Cannot reach the database" is DEPENDENCY_UNAVAILABLE here too.
  return mapDatabaseErrors({
    async createAbTest(request, context) {
      const input = parseInput(createAbTestInputSchema, {
        name: request.name,
        description: optionalText(request.description),
        variants: variantsIn(request.variants),
        short_code: optionalText(request.shortCode),
        primary_url_id: optionalText(request.primaryUrlId),
        traffic_split_mode: optionalText(request.trafficSplitMode),
        conversions_enabled: request.conversionsEnabled,
        min_sample_size: zeroAsDefault(request.minSampleSize),
        confidence_level: zeroAsDefault(request.confidenceLevel),
        auto_complete: request.autoComplete,
        min_duration_days: zeroAsDefault(request.minDurationDays),
      });
      return { test: toAbTestMessage(await createAbTest(ctx, callingAccount(context), input)) };
    },

    async getAbTest(request, context) {
      return {
        test: toAbTestMessage(await getAbTestOrThrow(ctx.db, callingAccount(context), idOf(request.id))),
      };
    },

    async listAbTests(request, context) {
      const query = parseInput(listAbTestsQuerySchema, {
        status: optionalText(request.status),
        archived: request.archived ? "true" : undefined,
        page: request.page?.page || undefined,
        limit: request.page?.limit || undefined,
      });
      const page = await listAbTests(ctx.db, callingAccount(context), query);
      return {
        tests: page.items.map(toAbTestMessage),
        page: { page: page.page, limit: page.limit, total: BigInt(page.total) },
      };
    },

    async updateAbTest(request, context) {
      const input = parseInput(updateAbTestInputSchema, {
        name: request.name,
        description: request.description,
        variants: request.variants ? variantsIn(request.variants.variants) : undefined,
        traffic_split_mode: request.trafficSplitMode,
        conversions_enabled: request.conversionsEnabled,
        min_sample_size: request.minSampleSize,
        confidence_level: request.confidenceLevel,
        archived: request.archived,
        auto_complete: request.autoComplete,
        min_duration_days: request.minDurationDays,
      });
      const test = await updateAbTest(ctx, callingAccount(context), idOf(request.id), input);
      return { test: toAbTestMessage(test) };
    },

    async deleteAbTest(request, context) {
      await deleteAbTest(ctx, callingAccount(context), idOf(request.id));
      return {};
    },

    async startAbTest(request, context) {
      return {
        test: toAbTestMessage(
          await changeAbTestStatus(ctx, callingAccount(context), idOf(request.id), "start"),
        ),
      };
    },

    async pauseAbTest(request, context) {
      return {
        test: toAbTestMessage(
          await changeAbTestStatus(ctx, callingAccount(context), idOf(request.id), "pause"),
        ),
      };
    },

    async resumeAbTest(request, context) {
      return {
        test: toAbTestMessage(
          await changeAbTestStatus(ctx, callingAccount(context), idOf(request.id), "resume"),
        ),
      };
    },

    async completeAbTest(request, context) {
      const input = parseInput(completeAbTestInputSchema, {
        winner_variant_id: optionalText(request.winnerVariantId),
      });
      const done = await completeAbTest(
        ctx,
        callingAccount(context),
        idOf(request.id),
        input.winner_variant_id,
      );
      return {
        test: toAbTestMessage(done.completed),
        statisticallySupported: done.statisticallySupported,
        reason: done.reason,
      };
    },

    async getAbTestAnalytics(request, context) {
      const query = parseInput(abTestAnalyticsQuerySchema, { days: zeroAsDefault(request.days) });
      const test = await getAbTestOrThrow(ctx.db, callingAccount(context), idOf(request.id));
      return toAbTestAnalyticsMessage(await analyzeAbTest(ctx, test, query.days));
    },
  });
}
