import { type CallTokenSource, createGrpcClient } from "@kurz/grpc";
import type { Logger } from "@kurz/logger";
import { linksV1 } from "@kurz/proto";

/** A link as a test needs it. */
export interface TestedLink {
  id: string;
  host: string;
  code: string;
  shortUrl: string;
  /** With the link's UTM fields merged in. */
  destinationUrl: string;
  /** The destination as its owner gave it (no UTM): what a control variant keeps. */
  originalUrl: string;
  /** Click tracking: off, a test on the link would record no visit. */
  trackingEnabled: boolean;
  /** The click id on the landing page: off, a conversion cannot name its variant. */
  conversionTracking: boolean;
}

export interface AbRoutingVariant {
  variantId: string;
  destinationUrl: string;
  weight: number;
  control: boolean;
}

/**
 * link-api, which owns links, as abtest-engine uses it: every call carries abtest-engine's own
 * service token and names the account (abtest-engine verified its caller's token itself);
 * link-api admits abtest-engine alone to these methods.
 */
export interface LinkDirectory {
  /** The account's link by id, code or alias; URL_NOT_FOUND otherwise. */
  findLink(accountId: string, reference: string): Promise<TestedLink>;
  /** A new dynamic link for a test without primary_url_id (the account's link quota applies). */
  createRotatorLink(
    accountId: string,
    input: { url: string; alias?: string; name: string },
  ): Promise<TestedLink>;
  /**
   * Routes a running test on the link (empty testId: none), and with `destinationUrl` makes it
   * the link's destination (a completed test's winner).
   */
  setRouting(
    accountId: string,
    linkId: string,
    routing: { testId: string; variants: AbRoutingVariant[]; destinationUrl?: string },
  ): Promise<TestedLink>;
  close(): void;
}

function testedLink(link: linksV1.Link | undefined): TestedLink {
  if (!link) throw new Error("link-api answered without a link");
  return {
    id: link.id,
    host: link.host,
    code: link.code,
    shortUrl: link.shortUrl,
    destinationUrl: link.destinationUrl,
    originalUrl: link.originalUrl,
    trackingEnabled: link.trackingEnabled,
    conversionTracking: link.conversionTracking,
  };
}

export function createGrpcLinkDirectory(options: {
  address: string;
  tokens: CallTokenSource;
  logger?: Logger;
}): LinkDirectory {
  const auth = { audience: "link-api", tokens: options.tokens };
  const links = createGrpcClient(linksV1.LinkService, options.address, { logger: options.logger, auth });
  const ownership = createGrpcClient(linksV1.OwnershipService, options.address, {
    logger: options.logger,
    auth,
  });
  return {
    async findLink(accountId, reference) {
      return testedLink((await ownership.findLink({ accountId, link: reference })).link);
    },
    async createRotatorLink(accountId, input) {
      const response = await links.createRotatorLink({
        accountId,
        url: input.url,
        customAlias: input.alias ?? "",
        name: input.name,
      });
      return testedLink(response.link);
    },
    async setRouting(accountId, linkId, routing) {
      const response = await links.setAbRouting({
        accountId,
        linkId,
        abTestId: routing.testId,
        variants: routing.variants,
        ...(routing.destinationUrl !== undefined ? { destinationUrl: routing.destinationUrl } : {}),
      });
      return testedLink(response.link);
    },
    close() {
      links.close();
      ownership.close();
    },
  };
}
