import { callingAccount, type GrpcServiceImplementation } from "@kurz/grpc";
import type { domainsV1 } from "@kurz/proto";
import { mapDatabaseErrors } from "@kurz/relational";
import { optionalText, parseInput } from "@kurz/service-runtime";
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
import {
  toBrandedDomainMessage,
  toStatusMessage,
  toSubdomainMessage,
} from "../domains/enqueue-domain-changed";
import { getBrandedDomainOrThrow } from "../domains/get-branded-domain-or-throw";
import { getSubdomainOrThrow } from "../domains/get-subdomain-or-throw";
import { listDomains } from "../domains/list-domains";
import { suggestSubdomains } from "../domains/suggest-subdomains";
import { updateBrandedDomain } from "../domains/update-branded-domain";
import { updateSubdomain } from "../domains/update-subdomain";
import { verifyBrandedDomain } from "../domains/verify-branded-domain";
import type { LinkApiContext } from "../link-api-context";

export function createDomainService(
  ctx: LinkApiContext,
): GrpcServiceImplementation<typeof domainsV1.DomainService.method> {
  const subdomainMessage = (row: Parameters<typeof toSubdomainMessage>[0]) =>
    toSubdomainMessage(row, ctx.hosts);
  return mapDatabaseErrors({
    async listDomains(_request, context) {
      const domains = await listDomains(ctx.db, callingAccount(context));
      return {
        subdomains: domains.subdomains.map(subdomainMessage),
        brandedDomains: domains.brandedDomains.map(toBrandedDomainMessage),
        subdomainHost: ctx.hosts.subdomainBaseHost,
      };
    },

    async createSubdomain(request, context) {
      const input = parseInput(createSubdomainInputSchema, {
        subdomain: request.subdomain,
        name: optionalText(request.name),
      });
      return { subdomain: subdomainMessage(await createSubdomain(ctx, callingAccount(context), input)) };
    },

    async getSubdomain(request, context) {
      const row = await getSubdomainOrThrow(ctx.db, callingAccount(context), request.subdomain);
      return { subdomain: subdomainMessage({ ...row, linkCount: await subdomainLinkCount(ctx.db, row.id) }) };
    },

    async updateSubdomain(request, context) {
      const input = parseInput(updateDomainInputSchema, {
        name: request.name,
        root_redirect_url: request.rootRedirectUrl,
        not_found_redirect_url: request.notFoundRedirectUrl,
        expired_redirect_url: request.expiredRedirectUrl,
      });
      return {
        subdomain: subdomainMessage(
          await updateSubdomain(ctx, callingAccount(context), request.subdomain, input),
        ),
      };
    },

    async deleteSubdomain(request, context) {
      return {
        subdomain: subdomainMessage(await deleteSubdomain(ctx, callingAccount(context), request.subdomain)),
      };
    },

    async checkSubdomainAvailability(request, context) {
      callingAccount(context);
      const result = await checkSubdomainAvailability(ctx.db, request.subdomain);
      return { available: result.available, reason: result.reason ?? "", subdomain: result.subdomain };
    },

    async suggestSubdomains(request, context) {
      callingAccount(context);
      const limit = Math.min(20, Math.max(1, request.limit || 5));
      return { suggestions: await suggestSubdomains(ctx.db, request.base, limit) };
    },

    async createBrandedDomain(request, context) {
      const input = parseInput(createBrandedDomainInputSchema, {
        domain: request.domain,
        name: optionalText(request.name),
      });
      return {
        brandedDomain: toBrandedDomainMessage(await createBrandedDomain(ctx, callingAccount(context), input)),
      };
    },

    async getBrandedDomain(request, context) {
      const row = await getBrandedDomainOrThrow(ctx.db, callingAccount(context), request.domain);
      return {
        brandedDomain: toBrandedDomainMessage({ ...row, linkCount: await brandedLinkCount(ctx.db, row.id) }),
      };
    },

    async updateBrandedDomain(request, context) {
      const input = parseInput(updateBrandedDomainInputSchema, {
        name: request.name,
        root_redirect_url: request.rootRedirectUrl,
        not_found_redirect_url: request.notFoundRedirectUrl,
        expired_redirect_url: request.expiredRedirectUrl,
        apple_app_site_association: request.appleAppSiteAssociation,
        asset_links: request.assetLinks,
      });
      const row = await updateBrandedDomain(ctx, callingAccount(context), request.domain, input);
      return { brandedDomain: toBrandedDomainMessage(row) };
    },

    async deleteBrandedDomain(request, context) {
      return {
        brandedDomain: toBrandedDomainMessage(
          await deleteBrandedDomain(ctx, callingAccount(context), request.domain),
        ),
      };
    },

    async checkDomainAvailability(request, context) {
      const result = await checkDomainAvailability(
        ctx.db,
        ctx.hosts,
        callingAccount(context),
        request.domain,
      );
      return { available: result.available, reason: result.reason ?? "", domain: result.domain };
    },

    async getTxtVerificationInfo(request, context) {
      const row = await getBrandedDomainOrThrow(ctx.db, callingAccount(context), request.domain);
      const record = verificationRecord(row);
      return {
        recordType: record.type,
        recordName: record.name,
        recordValue: record.value,
        status: toStatusMessage(row.status),
      };
    },

    async verifyBrandedDomain(request, context) {
      const result = await verifyBrandedDomain(ctx, callingAccount(context), request.domain);
      return { brandedDomain: toBrandedDomainMessage(result.domain), verified: result.verified };
    },
  });
}
