import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { checkDomainAvailability } from "../domains/check-domain-availability";
import { checkSubdomainAvailability } from "../domains/check-subdomain-availability";
import { createBrandedDomain } from "../domains/create-branded-domain";
import { createSubdomain } from "../domains/create-subdomain";
import { deleteBrandedDomain } from "../domains/delete-branded-domain";
import { deleteSubdomain } from "../domains/delete-subdomain";
import {
  createBrandedDomainInputSchema,
  createSubdomainInputSchema,
  updateBrandedDomainInputSchema,
  updateDomainInputSchema,
} from "../domains/domain-input-schemas";
import { brandedLinkCount, subdomainLinkCount, verificationRecord } from "../domains/domain-records";
import { getBrandedDomainOrThrow } from "../domains/get-branded-domain-or-throw";
import { getSubdomainOrThrow } from "../domains/get-subdomain-or-throw";
import { listDomains } from "../domains/list-domains";
import { suggestSubdomains } from "../domains/suggest-subdomains";
import {
  brandedDomainViewSchema,
  subdomainViewSchema,
  toBrandedDomainView,
  toSubdomainView,
} from "../domains/to-domain-views";
import { updateBrandedDomain } from "../domains/update-branded-domain";
import { updateSubdomain } from "../domains/update-subdomain";
import { verifyBrandedDomain } from "../domains/verify-branded-domain";
import type { ApiDependencies } from "./api-dependencies";
import { errorResponses } from "./error-responses";
import { accountOf, guard, securityOf } from "./guard";

const subdomainResponse = z.object({ success: z.literal(true), subdomain: subdomainViewSchema });
const brandedResponse = z.object({ success: z.literal(true), brandedDomain: brandedDomainViewSchema });
const subdomainParams = z.object({ subdomain: z.string().max(64).describe("Label or id") });
const brandedParams = z.object({ domain: z.string().max(253).describe("Host name or id") });
const availability = z.object({
  success: z.literal(true),
  available: z.boolean(),
  reason: z.string().optional(),
  message: z.string().optional(),
});

export function registerDomainRoutes(root: FastifyInstance, deps: ApiDependencies): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { ctx } = deps;
  const tags = ["Domains"];
  const read = { preHandler: guard(deps, "domain:read") };
  const write = { preHandler: guard(deps, "domain:write") };

  app.get("/domains", {
    ...read,
    schema: {
      tags,
      summary: "List your subdomains and branded domains",
      response: {
        200: z.object({
          success: z.literal(true),
          standardHost: z.string().describe("The host standard links answer on"),
          subdomainHost: z.string().describe("The shared host subdomains live on"),
          subdomains: z.array(subdomainViewSchema),
          brandedDomains: z.array(brandedDomainViewSchema),
        }),
        ...errorResponses(),
      },
      security: securityOf("domain:read"),
    },
    handler: async (request) => {
      const domains = await listDomains(ctx.db, accountOf(request));
      return {
        success: true as const,
        standardHost: ctx.hosts.standardHost,
        subdomainHost: ctx.hosts.subdomainBaseHost,
        subdomains: domains.subdomains.map((row) => toSubdomainView(row, ctx.hosts)),
        brandedDomains: domains.brandedDomains.map(toBrandedDomainView),
      };
    },
  });

  // Subdomains.
  app.post("/domains/subdomains", {
    ...write,
    schema: {
      tags,
      summary: "Reserve a subdomain",
      body: createSubdomainInputSchema,
      response: { 201: subdomainResponse, ...errorResponses(409) },
      security: securityOf("domain:write"),
    },
    handler: async (request, reply) => {
      const row = await createSubdomain(ctx, accountOf(request), request.body);
      return reply.code(201).send({ success: true as const, subdomain: toSubdomainView(row, ctx.hosts) });
    },
  });

  app.get("/domains/subdomains", {
    ...read,
    schema: {
      tags,
      summary: "List your subdomains",
      response: {
        200: z.object({ success: z.literal(true), subdomains: z.array(subdomainViewSchema) }),
        ...errorResponses(),
      },
      security: securityOf("domain:read"),
    },
    handler: async (request) => {
      const domains = await listDomains(ctx.db, accountOf(request));
      return {
        success: true as const,
        subdomains: domains.subdomains.map((row) => toSubdomainView(row, ctx.hosts)),
      };
    },
  });

  app.get("/domains/subdomains/check", {
    ...read,
    schema: {
      tags,
      summary: "Check whether a subdomain is available",
      querystring: z.strictObject({ subdomain: z.string().max(100) }),
      response: { 200: availability.extend({ subdomain: z.string() }), ...errorResponses() },
      security: securityOf("domain:read"),
    },
    handler: async (request) => ({
      success: true as const,
      ...(await checkSubdomainAvailability(ctx.db, request.query.subdomain)),
    }),
  });

  app.get("/domains/subdomains/suggestions", {
    ...read,
    schema: {
      tags,
      summary: "Suggest free subdomains derived from a word",
      querystring: z.strictObject({
        base: z.string().trim().min(1).max(100),
        limit: z.coerce.number().int().min(1).max(20).default(5),
      }),
      response: {
        200: z.object({ success: z.literal(true), suggestions: z.array(z.string()) }),
        ...errorResponses(),
      },
      security: securityOf("domain:read"),
    },
    handler: async (request) => ({
      success: true as const,
      suggestions: await suggestSubdomains(ctx.db, request.query.base, request.query.limit),
    }),
  });

  app.get("/domains/subdomains/:subdomain", {
    ...read,
    schema: {
      tags,
      summary: "Get one of your subdomains",
      params: subdomainParams,
      response: { 200: subdomainResponse, ...errorResponses(404) },
      security: securityOf("domain:read"),
    },
    handler: async (request) => {
      const row = await getSubdomainOrThrow(ctx.db, accountOf(request), request.params.subdomain);
      const record = { ...row, linkCount: await subdomainLinkCount(ctx.db, row.id) };
      return { success: true as const, subdomain: toSubdomainView(record, ctx.hosts) };
    },
  });

  app.patch("/domains/subdomains/:subdomain", {
    ...write,
    schema: {
      tags,
      summary: "Rename a subdomain, set its host redirects",
      params: subdomainParams,
      body: updateDomainInputSchema,
      response: { 200: subdomainResponse, ...errorResponses(400, 404) },
      security: securityOf("domain:write"),
    },
    handler: async (request) => {
      const row = await updateSubdomain(ctx, accountOf(request), request.params.subdomain, request.body);
      return { success: true as const, subdomain: toSubdomainView(row, ctx.hosts) };
    },
  });

  app.delete("/domains/subdomains/:subdomain", {
    ...write,
    schema: {
      tags,
      summary: "Release a subdomain (refused while links use it)",
      params: subdomainParams,
      response: { 200: subdomainResponse, ...errorResponses(404, 409) },
      security: securityOf("domain:write"),
    },
    handler: async (request) => {
      const row = await deleteSubdomain(ctx, accountOf(request), request.params.subdomain);
      return { success: true as const, subdomain: toSubdomainView(row, ctx.hosts) };
    },
  });

  // Branded domains.
  app.post("/domains/branded", {
    ...write,
    schema: {
      tags,
      summary: "Add a branded domain (verify it through DNS before use)",
      body: createBrandedDomainInputSchema,
      response: { 201: brandedResponse, ...errorResponses(409) },
      security: securityOf("domain:write"),
    },
    handler: async (request, reply) => {
      const row = await createBrandedDomain(ctx, accountOf(request), request.body);
      return reply.code(201).send({ success: true as const, brandedDomain: toBrandedDomainView(row) });
    },
  });

  app.get("/domains/branded", {
    ...read,
    schema: {
      tags,
      summary: "List your branded domains",
      response: {
        200: z.object({ success: z.literal(true), brandedDomains: z.array(brandedDomainViewSchema) }),
        ...errorResponses(),
      },
      security: securityOf("domain:read"),
    },
    handler: async (request) => {
      const domains = await listDomains(ctx.db, accountOf(request));
      return { success: true as const, brandedDomains: domains.brandedDomains.map(toBrandedDomainView) };
    },
  });

  app.get("/domains/branded/check", {
    ...read,
    schema: {
      tags,
      summary: "Check whether a domain can be added",
      querystring: z.strictObject({ domain: z.string().max(300) }),
      response: { 200: availability.extend({ domain: z.string() }), ...errorResponses() },
      security: securityOf("domain:read"),
    },
    handler: async (request) => ({
      success: true as const,
      ...(await checkDomainAvailability(ctx.db, ctx.hosts, accountOf(request), request.query.domain)),
    }),
  });

  app.get("/domains/branded/:domain", {
    ...read,
    schema: {
      tags,
      summary: "Get one of your branded domains",
      params: brandedParams,
      response: { 200: brandedResponse, ...errorResponses(404) },
      security: securityOf("domain:read"),
    },
    handler: async (request) => {
      const row = await getBrandedDomainOrThrow(ctx.db, accountOf(request), request.params.domain);
      const record = { ...row, linkCount: await brandedLinkCount(ctx.db, row.id) };
      return { success: true as const, brandedDomain: toBrandedDomainView(record) };
    },
  });

  app.get("/domains/branded/:domain/verification", {
    ...read,
    schema: {
      tags,
      summary: "The TXT record that proves ownership",
      params: brandedParams,
      response: {
        200: z.object({
          success: z.literal(true),
          record: z.object({ type: z.literal("TXT"), name: z.string(), value: z.string() }),
          status: z.enum(["pending", "verified", "failed"]),
        }),
        ...errorResponses(404),
      },
      security: securityOf("domain:read"),
    },
    handler: async (request) => {
      const row = await getBrandedDomainOrThrow(ctx.db, accountOf(request), request.params.domain);
      return { success: true as const, record: verificationRecord(row), status: row.status };
    },
  });

  app.post("/domains/branded/:domain/verify", {
    ...write,
    schema: {
      tags,
      summary: "Check the TXT record now (verifies or records why not)",
      params: brandedParams,
      response: {
        200: z.object({
          success: z.literal(true),
          verified: z.boolean(),
          brandedDomain: brandedDomainViewSchema,
        }),
        ...errorResponses(404, 409),
      },
      security: securityOf("domain:write"),
    },
    handler: async (request) => {
      const result = await verifyBrandedDomain(ctx, accountOf(request), request.params.domain);
      return {
        success: true as const,
        verified: result.verified,
        brandedDomain: toBrandedDomainView(result.domain),
      };
    },
  });

  app.patch("/domains/branded/:domain", {
    ...write,
    schema: {
      tags,
      summary: "Rename a branded domain, set its host redirects and app association files",
      params: brandedParams,
      body: updateBrandedDomainInputSchema,
      response: { 200: brandedResponse, ...errorResponses(400, 404) },
      security: securityOf("domain:write"),
    },
    handler: async (request) => {
      const row = await updateBrandedDomain(ctx, accountOf(request), request.params.domain, request.body);
      return { success: true as const, brandedDomain: toBrandedDomainView(row) };
    },
  });

  app.delete("/domains/branded/:domain", {
    ...write,
    schema: {
      tags,
      summary: "Remove a branded domain (refused while links use it)",
      params: brandedParams,
      response: { 200: brandedResponse, ...errorResponses(404, 409) },
      security: securityOf("domain:write"),
    },
    handler: async (request) => {
      const row = await deleteBrandedDomain(ctx, accountOf(request), request.params.domain);
      return { success: true as const, brandedDomain: toBrandedDomainView(row) };
    },
  });
}
