import { accessTokenOf, requireScope, type Scope, type TokenVerifier } from "@kurz/auth-verifier";
import { bearerSecurity, errorResponses } from "@kurz/openapi";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
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
import { abTestAnalyticsViewSchema, toAbTestAnalyticsView } from "../abtests/to-ab-test-analytics-view";
import { abTestViewSchema, toAbTestView } from "../abtests/to-ab-test-view";
import { updateAbTest } from "../abtests/update-ab-test";

const idParams = z.object({
  id: z
    .string()
    .max(100)
    .describe("Test UUID, or the short code or alias of its link (short code tried first)"),
});
const testResponse = z.object({ success: z.literal(true), test: abTestViewSchema });
const paginationSchema = z.object({
  page: z.number(),
  limit: z.number(),
  total: z.number(),
  totalPages: z.number(),
});

const accountOf = (request: FastifyRequest) => accessTokenOf(request).accountId;

/**
 * /api/v1/ab-tests (docs/api/ab-tests.md), scopes abtest:read and abtest:write.
 * Transitions are POSTs on the test (start, pause, resume, complete); a transition the status
 * does not allow is 409 INVALID_STATE.
 */
export function registerAbTestRoutes(
  root: FastifyInstance,
  deps: { ctx: AbtestContext; verifier: TokenVerifier },
): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { ctx } = deps;
  const tags = ["A/B tests"];
  const guard = (scope: Scope) => ({ preHandler: requireScope(deps.verifier, scope) });

  app.post("/ab-tests", {
    ...guard("abtest:write"),
    schema: {
      tags,
      summary: "Create an A/B test (a draft)",
      description:
        "Tests an existing link (primary_url_id) or creates a rotator link (alias short_code, or a random code). " +
        "The test starts in draft and routes nothing until started.",
      body: createAbTestInputSchema,
      response: { 201: testResponse, ...errorResponses(404, 409, 503) },
      security: bearerSecurity("abtest:write"),
    },
    handler: async (request, reply) => {
      const test = await createAbTest(ctx, accountOf(request), request.body);
      return reply.code(201).send({ success: true as const, test: toAbTestView(test) });
    },
  });

  app.get("/ab-tests", {
    ...guard("abtest:read"),
    schema: {
      tags,
      summary: "List your A/B tests, newest first",
      querystring: listAbTestsQuerySchema,
      response: {
        200: z.object({
          success: z.literal(true),
          tests: z.array(abTestViewSchema),
          pagination: paginationSchema,
        }),
        ...errorResponses(),
      },
      security: bearerSecurity("abtest:read"),
    },
    handler: async (request) => {
      const page = await listAbTests(ctx.db, accountOf(request), request.query);
      return {
        success: true as const,
        tests: page.items.map(toAbTestView),
        pagination: {
          page: page.page,
          limit: page.limit,
          total: page.total,
          totalPages: Math.ceil(page.total / page.limit),
        },
      };
    },
  });

  app.get("/ab-tests/:id", {
    ...guard("abtest:read"),
    schema: {
      tags,
      summary: "Get an A/B test",
      params: idParams,
      response: { 200: testResponse, ...errorResponses(404) },
      security: bearerSecurity("abtest:read"),
    },
    handler: async (request) => {
      const test = await getAbTestOrThrow(ctx.db, accountOf(request), request.params.id);
      return { success: true as const, test: toAbTestView(test) };
    },
  });

  app.patch("/ab-tests/:id", {
    ...guard("abtest:write"),
    schema: {
      tags,
      summary: "Update a draft A/B test (or archive a completed one)",
      params: idParams,
      body: updateAbTestInputSchema,
      response: { 200: testResponse, ...errorResponses(404, 409, 503) },
      security: bearerSecurity("abtest:write"),
    },
    handler: async (request) => {
      const test = await updateAbTest(ctx, accountOf(request), request.params.id, request.body);
      return { success: true as const, test: toAbTestView(test) };
    },
  });

  app.delete("/ab-tests/:id", {
    ...guard("abtest:write"),
    schema: {
      tags,
      summary: "Delete an A/B test (a live test's routing is removed; the link stays)",
      params: idParams,
      response: { 200: testResponse, ...errorResponses(404, 503) },
      security: bearerSecurity("abtest:write"),
    },
    handler: async (request) => {
      const test = await deleteAbTest(ctx, accountOf(request), request.params.id);
      return { success: true as const, test: toAbTestView(test) };
    },
  });

  const transitions = {
    start: "Start a draft or paused test: visitors are split among the variants",
    pause: "Pause a running test: visitors get the link's own destination",
    resume: "Resume a paused test",
  } as const;
  for (const [action, summary] of Object.entries(transitions) as Array<[keyof typeof transitions, string]>) {
    app.post(`/ab-tests/:id/${action}`, {
      ...guard("abtest:write"),
      schema: {
        tags,
        summary,
        params: idParams,
        response: { 200: testResponse, ...errorResponses(404, 409, 503) },
        security: bearerSecurity("abtest:write"),
      },
      handler: async (request) => {
        const test = await changeAbTestStatus(ctx, accountOf(request), request.params.id, action);
        return { success: true as const, test: toAbTestView(test) };
      },
    });
  }

  app.post("/ab-tests/:id/complete", {
    ...guard("abtest:write"),
    schema: {
      tags,
      summary: "Complete a test: the winner becomes the link's destination",
      description:
        "The winner is winner_variant_id, else the statistics' winner when the verdict is winner, else the control (raw conversion counts never decide). " +
        "The answer says whether the statistics support that winner.",
      params: idParams,
      body: completeAbTestInputSchema.optional(),
      response: {
        200: testResponse.extend({ statistically_supported: z.boolean(), reason: z.string() }),
        ...errorResponses(404, 409, 503),
      },
      security: bearerSecurity("abtest:write"),
    },
    handler: async (request) => {
      const done = await completeAbTest(
        ctx,
        accountOf(request),
        request.params.id,
        request.body?.winner_variant_id,
      );
      return {
        success: true as const,
        test: toAbTestView(done.completed),
        statistically_supported: done.statisticallySupported,
        reason: done.reason,
      };
    },
  });

  app.get("/ab-tests/:id/analytics", {
    ...guard("abtest:read"),
    schema: {
      tags,
      summary: "Results: per-variant rates, lift with its interval, significance and the verdict",
      params: idParams,
      querystring: abTestAnalyticsQuerySchema,
      response: {
        200: z.object({ success: z.literal(true), analytics: abTestAnalyticsViewSchema }),
        ...errorResponses(404, 503),
      },
      security: bearerSecurity("abtest:read"),
    },
    handler: async (request) => {
      const test = await getAbTestOrThrow(ctx.db, accountOf(request), request.params.id);
      const analysis = await analyzeAbTest(ctx, test, request.query.days);
      return { success: true as const, analytics: toAbTestAnalyticsView(analysis) };
    },
  });
}
