import type { GenService } from "@bufbuild/protobuf/codegenv2";
import { AppError } from "@kurz/errors";
import type { GrpcClient } from "@kurz/grpc";
import type { linksV1 } from "@kurz/proto";
import type { Clock } from "@kurz/service-runtime";
import { LRUCache } from "lru-cache";
import type { OwnedLink, ResourceDirectory } from "./resource-directory";

type MethodsOf<T> = T extends GenService<infer S> ? S : never;
export type OwnershipClient = GrpcClient<MethodsOf<typeof linksV1.OwnershipService>>;

/**
 * ResourceDirectory over link-api's OwnershipService. A dashboard page asks for several reports
 * of one link at once, so positive answers are kept for ttlMs (a deleted link may be reported on
 * that long) and concurrent questions share one call. Negative answers are not kept: a link
 * created a moment ago is reportable at once. When link-api cannot answer, neither can this
 * (DEPENDENCY_UNAVAILABLE, 503): no report is served on a guess about whose a link is.
 */
export function createLinkApiDirectory(options: {
  client: OwnershipClient;
  ttlMs: number;
  clock: Clock;
}): ResourceDirectory {
  const { client, ttlMs, clock } = options;
  const known = new LRUCache<string, OwnedLink | true>({
    max: 50_000,
    ttl: Math.max(1, ttlMs),
    // The process' clock: a test moving it forward expires these answers with everything else.
    perf: { now: () => clock.monotonicMs() },
  });
  const inFlight = new Map<string, Promise<OwnedLink | true>>();

  function remember<T extends OwnedLink | true>(key: string, ask: () => Promise<T>): Promise<T> {
    const cached = ttlMs > 0 ? known.get(key) : undefined;
    if (cached !== undefined) return Promise.resolve(cached as T);
    let pending = inFlight.get(key);
    if (!pending) {
      pending = ask()
        .then((answer) => {
          if (ttlMs > 0) known.set(key, answer);
          return answer;
        })
        .finally(() => inFlight.delete(key));
      inFlight.set(key, pending);
    }
    return pending as Promise<T>;
  }

  return {
    findLink(accountId, ref) {
      return remember(`link\n${accountId}\n${ref}`, async () => {
        const { link } = await client.findLink({ accountId, link: ref });
        if (!link) throw new AppError("URL_NOT_FOUND", { details: { shortCode: ref } });
        return {
          linkId: link.id,
          host: link.host,
          code: link.code,
          destinationUrl: link.destinationUrl,
          campaignId: link.campaignId,
          qr: link.qr,
        };
      });
    },
    async assertCampaign(accountId, campaignId) {
      await remember(`campaign\n${accountId}\n${campaignId}`, async () => {
        await client.checkCampaign({ accountId, campaignId });
        return true as const;
      });
    },
    async assertHost(accountId, host) {
      await remember(`host\n${accountId}\n${host}`, async () => {
        await client.checkHost({ accountId, host });
        return true as const;
      });
    },
  };
}
